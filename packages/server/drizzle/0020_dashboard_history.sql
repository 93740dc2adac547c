CREATE TABLE "dashboard_versions" (
  "id" text PRIMARY KEY NOT NULL,
  "dashboard_id" text NOT NULL REFERENCES "dashboards"("id") ON DELETE cascade,
  "number" integer NOT NULL,
  "user_id" text REFERENCES "users"("id") ON DELETE set null,
  "kind" text NOT NULL,
  "target_id" text DEFAULT '' NOT NULL,
  "params" jsonb NOT NULL,
  "snapshot" jsonb,
  "time_created" timestamp with time zone DEFAULT now() NOT NULL,
  "time_updated" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "dashboard_versions_number_idx" ON "dashboard_versions" ("dashboard_id", "number");--> statement-breakpoint
CREATE INDEX "dashboard_versions_time_idx" ON "dashboard_versions" ("time_updated");--> statement-breakpoint
CREATE TABLE "dashboard_steps" (
  "id" text PRIMARY KEY NOT NULL,
  "dashboard_id" text NOT NULL REFERENCES "dashboards"("id") ON DELETE cascade,
  "version_id" text NOT NULL REFERENCES "dashboard_versions"("id") ON DELETE cascade,
  "seq" integer NOT NULL,
  "user_id" text REFERENCES "users"("id") ON DELETE set null,
  "session" text,
  "role" text NOT NULL,
  "reverts" text,
  "undone" integer DEFAULT 0 NOT NULL,
  "ops" jsonb NOT NULL,
  "time_created" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "dashboard_steps_seq_idx" ON "dashboard_steps" ("dashboard_id", "seq");--> statement-breakpoint
CREATE INDEX "dashboard_steps_version_idx" ON "dashboard_steps" ("version_id");--> statement-breakpoint
CREATE INDEX "dashboard_steps_session_idx" ON "dashboard_steps" ("dashboard_id", "session", "seq");
