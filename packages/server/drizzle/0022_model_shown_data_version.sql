-- A public dashboard's page keeps its model bars and its cards' first answers while its project's data_version
-- stands (platform/pageAnswers.ts). What a model's bar shows, and which job its cards read, change with the
-- model's selected run, its inputs, name, run button text and outputs: a change to one of them, a new model or a
-- deleted one bumps the project's data_version too, in the same transaction, whichever code path makes it (the
-- selected run's deletion setting the column to null included).
CREATE FUNCTION "bump_project_data_version_of_model"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW."project_id" = OLD."project_id"
    AND NEW."selected_run_id" IS NOT DISTINCT FROM OLD."selected_run_id"
    AND NEW."inputs" = OLD."inputs" AND NEW."outputs" = OLD."outputs"
    AND NEW."name" = OLD."name" AND NEW."run_button_text" = OLD."run_button_text" THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "projects" SET "data_version" = "data_version" + 1 WHERE "id" = OLD."project_id";
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW."project_id" <> OLD."project_id") THEN
    UPDATE "projects" SET "data_version" = "data_version" + 1 WHERE "id" = NEW."project_id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "models_data_version" AFTER INSERT OR UPDATE OR DELETE ON "models"
  FOR EACH ROW EXECUTE FUNCTION "bump_project_data_version_of_model"();
