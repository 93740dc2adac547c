-- Only a client organization names a consultant, and never itself (the one definition of a client: shared
-- organizations/rules.ts `isClient`).
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_consultant_client_only"
  CHECK ("consultant_id" IS NULL OR ("type" = 'client' AND "consultant_id" <> "id"));
--> statement-breakpoint
-- The package role always equals the model role (docs/product.md "Project roles": changing the model permission
-- also sets the package permission to the same value); rows written before the server kept them equal are aligned once.
UPDATE "permissions" SET "roles" = jsonb_set("roles", '{package}', "roles"->'model')
  WHERE "roles"->'package' IS DISTINCT FROM "roles"->'model';
