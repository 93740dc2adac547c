/**
 * The one line that says why a run failed, shown before its traceback: the traceback's last line (the exception and
 * its message, "ValueError: no good 7"), or the whole message when it is one line ("Input 'n' is not a valid
 * integer: 'many'", "The run was stopped: …"). A traceback's chained exceptions end with the one that stopped the run.
 */
export function failureSummary(error: string | null | undefined): string {
  const lines = (error ?? '').split('\n').map((line) => line.trimEnd());
  const last = [...lines].reverse().find((line) => line.trim() !== '');
  return last?.trim() ?? '';
}

/** Whether the error holds more than its summary (a traceback to show below it). */
export const hasTraceback = (error: string | null | undefined) =>
  (error ?? '')
    .trim()
    .split('\n')
    .filter((line) => line.trim() !== '').length > 1;
