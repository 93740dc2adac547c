/** The run button's text the server stores when nobody changed it (the models table's default). */
export const DEFAULT_RUN_BUTTON_TEXT = 'Run';

/**
 * The run button's label: the model's own text when someone wrote one, else the viewer's language's word for
 * Run (a model nobody renamed stores the English default, which a French viewer reads as "Exécuter").
 */
export const runButtonLabel = (runButtonText: string | undefined, translatedRun: string): string =>
  runButtonText && runButtonText !== DEFAULT_RUN_BUTTON_TEXT ? runButtonText : translatedRun;
