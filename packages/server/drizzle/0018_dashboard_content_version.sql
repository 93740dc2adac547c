ALTER TABLE "dashboards" ADD COLUMN "content_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- What a server keeps of a public dashboard's page (its detail and its cards' first answers, written into the
-- page: platform/pageAnswers.ts) is valid while the dashboard's content_version and its project's data_version
-- stand: every change to the dashboard, one of its tabs or one of its cards bumps content_version, in the same
-- transaction as the change, whichever server node or code path makes it.
CREATE FUNCTION "bump_dashboard_content_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'dashboards' THEN
    -- Any column but the preview image's bookkeeping (its renders do not change what the page shows).
    IF (to_jsonb(NEW) - 'preview_status' - 'preview_requested_at' - 'preview_rendered_at' - 'preview_error')
      IS DISTINCT FROM
      (to_jsonb(OLD) - 'preview_status' - 'preview_requested_at' - 'preview_rendered_at' - 'preview_error') THEN
      NEW."content_version" := OLD."content_version" + 1;
    END IF;
    RETURN NEW;
  END IF;
  IF TG_TABLE_NAME = 'tabs' THEN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
      UPDATE "dashboards" SET "content_version" = "content_version" + 1 WHERE "id" = OLD."dashboard_id";
    END IF;
    IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW."dashboard_id" IS DISTINCT FROM OLD."dashboard_id") THEN
      UPDATE "dashboards" SET "content_version" = "content_version" + 1 WHERE "id" = NEW."dashboard_id";
    END IF;
  ELSE
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
      UPDATE "dashboards" SET "content_version" = "content_version" + 1
        WHERE "id" = (SELECT "dashboard_id" FROM "tabs" WHERE "id" = OLD."tab_id");
    END IF;
    IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW."tab_id" IS DISTINCT FROM OLD."tab_id") THEN
      UPDATE "dashboards" SET "content_version" = "content_version" + 1
        WHERE "id" = (SELECT "dashboard_id" FROM "tabs" WHERE "id" = NEW."tab_id");
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "dashboards_content_version" BEFORE UPDATE ON "dashboards"
  FOR EACH ROW EXECUTE FUNCTION "bump_dashboard_content_version"();
--> statement-breakpoint
CREATE TRIGGER "tabs_content_version" AFTER INSERT OR UPDATE OR DELETE ON "tabs"
  FOR EACH ROW EXECUTE FUNCTION "bump_dashboard_content_version"();
--> statement-breakpoint
CREATE TRIGGER "units_content_version" AFTER INSERT OR UPDATE OR DELETE ON "units"
  FOR EACH ROW EXECUTE FUNCTION "bump_dashboard_content_version"();
