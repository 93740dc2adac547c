-- Threshold alerts on cards and their firings (docs/data-apps.md "Alerts").
CREATE TABLE "alerts" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"unit_id" text NOT NULL,
	"dashboard_id" text NOT NULL,
	"tab_id" text NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"value_id" text NOT NULL,
	"condition" text NOT NULL,
	"threshold" double precision NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"last_value" double precision,
	"last_checked_at" timestamp with time zone,
	"last_fired_at" timestamp with time zone,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_firings" (
	"id" text PRIMARY KEY NOT NULL,
	"alert_id" text NOT NULL,
	"value" double precision NOT NULL,
	"previous_value" double precision,
	"fired_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_firings" ADD CONSTRAINT "alert_firings_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alerts_project_user_idx" ON "alerts" USING btree ("project_id","user_id");--> statement-breakpoint
CREATE INDEX "alerts_unit_idx" ON "alerts" USING btree ("unit_id");--> statement-breakpoint
CREATE INDEX "alert_firings_alert_idx" ON "alert_firings" USING btree ("alert_id","fired_at");
