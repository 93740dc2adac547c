-- The run whose outputs a model's cards show, kept on the model for every viewer (null: the latest finished run).
ALTER TABLE "models" ADD COLUMN "selected_run_id" text REFERENCES "model_runs"("id") ON DELETE SET NULL;
