CREATE INDEX "dashboards_filters_idx" ON "dashboards" USING gin ("filters" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "tabs_filters_idx" ON "tabs" USING gin ("filters" jsonb_path_ops);