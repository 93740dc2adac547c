CREATE TABLE "packages" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"filename" text NOT NULL,
	"status" text DEFAULT 'uploading' NOT NULL,
	"error_log" text DEFAULT '' NOT NULL,
	"base_image" text NOT NULL,
	"user_id" text,
	"revision" integer DEFAULT 0 NOT NULL,
	"env" text DEFAULT '' NOT NULL,
	"dependencies" text DEFAULT '' NOT NULL,
	"dash_apps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"env_key" text,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "package_revisions" (
	"package_id" text NOT NULL,
	"revision" integer NOT NULL,
	"project_id" text NOT NULL,
	"requirements_hash" text NOT NULL,
	"user_id" text,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "package_revisions_package_id_revision_pk" PRIMARY KEY("package_id","revision")
);
--> statement-breakpoint
CREATE TABLE "package_modules" (
	"id" text PRIMARY KEY NOT NULL,
	"package_id" text NOT NULL,
	"project_id" text NOT NULL,
	"name" text NOT NULL,
	"filename" text NOT NULL,
	"error" text,
	"list_index" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "algorithms" (
	"id" text PRIMARY KEY NOT NULL,
	"package_id" text NOT NULL,
	"module_id" text NOT NULL,
	"project_id" text NOT NULL,
	"name" text NOT NULL,
	"function_name" text NOT NULL,
	"params" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"returns" text,
	"doc" text DEFAULT '' NOT NULL,
	"list_index" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_revisions" ADD CONSTRAINT "package_revisions_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_revisions" ADD CONSTRAINT "package_revisions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_revisions" ADD CONSTRAINT "package_revisions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_modules" ADD CONSTRAINT "package_modules_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_modules" ADD CONSTRAINT "package_modules_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "algorithms" ADD CONSTRAINT "algorithms_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "algorithms" ADD CONSTRAINT "algorithms_module_id_package_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."package_modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "algorithms" ADD CONSTRAINT "algorithms_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "packages_project_idx" ON "packages" USING btree ("project_id","time_created");--> statement-breakpoint
CREATE INDEX "package_modules_package_idx" ON "package_modules" USING btree ("package_id");--> statement-breakpoint
CREATE INDEX "algorithms_package_idx" ON "algorithms" USING btree ("package_id");--> statement-breakpoint
CREATE INDEX "algorithms_project_idx" ON "algorithms" USING btree ("project_id");
