ALTER TABLE "projects" ADD COLUMN "data_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- What the server caches about a project's data (dataset catalogs for card queries) is valid while the
-- project's data_version stands: every change to one of its datasets, their features or their jobs bumps it,
-- in the same transaction as the change, whichever server node or code path makes it.
CREATE FUNCTION "bump_project_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'datasets' THEN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
      UPDATE "projects" SET "data_version" = "data_version" + 1 WHERE "id" = OLD."project_id";
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
      UPDATE "projects" SET "data_version" = "data_version" + 1 WHERE "id" = NEW."project_id";
    END IF;
  ELSE
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
      UPDATE "projects" SET "data_version" = "data_version" + 1
        WHERE "id" = (SELECT "project_id" FROM "datasets" WHERE "id" = OLD."dataset_id");
    END IF;
    IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW."dataset_id" IS DISTINCT FROM OLD."dataset_id") THEN
      UPDATE "projects" SET "data_version" = "data_version" + 1
        WHERE "id" = (SELECT "project_id" FROM "datasets" WHERE "id" = NEW."dataset_id");
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "datasets_data_version" AFTER INSERT OR UPDATE OR DELETE ON "datasets"
  FOR EACH ROW EXECUTE FUNCTION "bump_project_data_version"();
--> statement-breakpoint
CREATE TRIGGER "features_data_version" AFTER INSERT OR UPDATE OR DELETE ON "features"
  FOR EACH ROW EXECUTE FUNCTION "bump_project_data_version"();
--> statement-breakpoint
CREATE TRIGGER "dataset_jobs_data_version" AFTER INSERT OR UPDATE OR DELETE ON "dataset_jobs"
  FOR EACH ROW EXECUTE FUNCTION "bump_project_data_version"();
