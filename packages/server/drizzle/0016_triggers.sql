CREATE TABLE "triggers" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"model_id" text NOT NULL,
	"user_id" text,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"inputs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pattern" jsonb NOT NULL,
	"next_run_at" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trigger_fires" (
	"id" text PRIMARY KEY NOT NULL,
	"trigger_id" text NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"fired_at" timestamp with time zone DEFAULT now() NOT NULL,
	"run_id" text,
	"missed" integer DEFAULT 0 NOT NULL,
	"error" text,
	"worker" text
);
--> statement-breakpoint
ALTER TABLE "triggers" ADD CONSTRAINT "triggers_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "triggers" ADD CONSTRAINT "triggers_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "triggers" ADD CONSTRAINT "triggers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trigger_fires" ADD CONSTRAINT "trigger_fires_trigger_id_triggers_id_fk" FOREIGN KEY ("trigger_id") REFERENCES "public"."triggers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "triggers_due_idx" ON "triggers" USING btree ("status","next_run_at");--> statement-breakpoint
CREATE INDEX "triggers_model_idx" ON "triggers" USING btree ("model_id");--> statement-breakpoint
CREATE INDEX "triggers_project_idx" ON "triggers" USING btree ("project_id","time_created");--> statement-breakpoint
CREATE UNIQUE INDEX "trigger_fires_occurrence_idx" ON "trigger_fires" USING btree ("trigger_id","scheduled_at");--> statement-breakpoint
ALTER TABLE "model_runs" ADD COLUMN "trigger_id" text;--> statement-breakpoint
ALTER TABLE "model_runs" ADD COLUMN "scheduled_at" timestamp with time zone;
