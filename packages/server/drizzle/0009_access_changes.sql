-- What decides a caller's access to a project's resource, and what a project rule's reader hands over with it
-- (a card with its tab's and dashboard's filters, the project's data version): any write to these tables
-- notifies the channel "access_changed" when it commits, so that a server may keep those reads until the next
-- notification (platform/notifiedCache.ts).
CREATE FUNCTION "notify_access_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('access_changed', TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "projects_access_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "projects"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_access_changed"();
--> statement-breakpoint
CREATE TRIGGER "organizations_access_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "organizations"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_access_changed"();
--> statement-breakpoint
CREATE TRIGGER "permissions_access_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "permissions"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_access_changed"();
--> statement-breakpoint
CREATE TRIGGER "dashboards_access_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "dashboards"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_access_changed"();
--> statement-breakpoint
CREATE TRIGGER "tabs_access_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tabs"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_access_changed"();
--> statement-breakpoint
CREATE TRIGGER "units_access_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "units"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_access_changed"();
