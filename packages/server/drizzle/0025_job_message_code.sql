-- A job's message by its code of the shared list and the values of its parts, beside its English text
-- (docs/architecture.md "Errors"); null for text no code of ours wrote and for the rows stored before.
ALTER TABLE "jobs" ADD COLUMN "message_code" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "message_params" jsonb;
