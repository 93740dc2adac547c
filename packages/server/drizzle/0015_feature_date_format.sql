-- The date format chosen for a text feature read as a date (issue #20 item 4): tried before the default formats.
-- NULL: the defaults only. Values come from the closed list DATE_FORMAT_CHOICES of @tessera/shared.
ALTER TABLE "features" ADD COLUMN "date_format" text;
