-- Attempt counters (platform/rateLimit.ts): one row a key, incremented by one atomic upsert so that concurrent
-- attempts are all counted (sign-in per account and address, per address, per account; password checks; error
-- reports).
CREATE TABLE "rate_counters" (
  "key" text PRIMARY KEY NOT NULL,
  "count" integer NOT NULL,
  "window_started" timestamp with time zone DEFAULT now() NOT NULL,
  "not_before" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "rate_counters_window_idx" ON "rate_counters" ("window_started");
