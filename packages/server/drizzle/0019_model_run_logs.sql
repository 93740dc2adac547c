CREATE TABLE "model_run_logs" (
	"run_id" text PRIMARY KEY NOT NULL REFERENCES "model_runs"("id") ON DELETE CASCADE,
	"text" text DEFAULT '' NOT NULL,
	"truncated" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
