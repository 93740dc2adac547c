ALTER TABLE "model_runs" ADD COLUMN "temp" boolean DEFAULT false NOT NULL;
