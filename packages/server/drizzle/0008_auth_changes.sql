-- Who a token is (its user, the user's roles, the organization) changes only when a token, a user or an
-- organization is updated or deleted. Each such statement notifies the channel "auth_changed" when it commits,
-- so that a server may keep what a token lookup found until the next notification (platform/authCache.ts).
CREATE FUNCTION "notify_auth_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_changed', TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "access_tokens_auth_changed" AFTER UPDATE OR DELETE OR TRUNCATE ON "access_tokens"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_auth_changed" AFTER UPDATE OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_changed"();
--> statement-breakpoint
CREATE TRIGGER "organizations_auth_changed" AFTER UPDATE OR DELETE OR TRUNCATE ON "organizations"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_changed"();
