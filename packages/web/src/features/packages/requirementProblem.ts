import { checkRequirements, MAX_REQUIREMENT_LINE_CHARS, MAX_REQUIREMENTS_CHARS } from '@tessera/shared';
import type { TFunction } from 'i18next';

/**
 * The first line of a requirements.txt text the server would refuse, in the user's language (the shared rule the
 * server applies on upload and in the editors: names, versions and markers only; docs/security.md, "Builds"), or
 * undefined when every line is accepted. Shown under the editor before anything is sent.
 */
export function requirementProblemText(t: TFunction<'packages'>, text: string): string | undefined {
  const problem = checkRequirements(text);
  if (!problem) return undefined;
  const max = problem.reason === 'tooLarge' ? MAX_REQUIREMENTS_CHARS : MAX_REQUIREMENT_LINE_CHARS;
  return t(`requirements.${problem.reason}`, { line: problem.line, text: problem.text, max });
}
