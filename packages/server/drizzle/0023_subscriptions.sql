-- Email subscriptions to a data app (docs/data-apps.md "Subscriptions"), and one row per occurrence sent: unique on
-- (subscription, scheduled time), so that whichever worker inserts it first sends that occurrence and no other does.
CREATE TABLE "subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"dashboard_id" text NOT NULL,
	"user_id" text,
	"recipients" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pattern" jsonb NOT NULL,
	"tabs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"format" text NOT NULL,
	"filters" jsonb,
	"unsubscribe_key" text NOT NULL,
	"next_run_at" timestamp with time zone,
	"last_sent_at" timestamp with time zone,
	"last_error" text,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_sends" (
	"id" text PRIMARY KEY NOT NULL,
	"subscription_id" text NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"delivered" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"worker" text
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_dashboard_id_dashboards_id_fk" FOREIGN KEY ("dashboard_id") REFERENCES "public"."dashboards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_sends" ADD CONSTRAINT "subscription_sends_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscriptions_due_idx" ON "subscriptions" USING btree ("next_run_at");--> statement-breakpoint
CREATE INDEX "subscriptions_dashboard_idx" ON "subscriptions" USING btree ("dashboard_id","time_created");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_sends_occurrence_idx" ON "subscription_sends" USING btree ("subscription_id","scheduled_at");
