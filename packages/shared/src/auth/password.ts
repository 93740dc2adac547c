/** Minimum password length. */
export const PASSWORD_MIN_LENGTH = 8;

export const PASSWORD_RULES = ['length', 'special', 'capital', 'match'] as const;
export type PasswordRule = (typeof PASSWORD_RULES)[number];

/**
 * The live checklist, one boolean per rule: at least 8 characters, a special (non-word)
 * character, a capital letter, and password equal to a non-empty confirmation. The reset and change
 * screens show it; the server refuses any password that fails it.
 */
export function passwordChecklist(password: string, confirmation: string): Record<PasswordRule, boolean> {
  return {
    length: password.length >= PASSWORD_MIN_LENGTH,
    special: /\W/.test(password),
    capital: /\p{Lu}/u.test(password),
    match: password.length > 0 && password === confirmation,
  };
}

export function passwordAcceptable(password: string, confirmation: string): boolean {
  return Object.values(passwordChecklist(password, confirmation)).every(Boolean);
}

/**
 * The spec's words for each rule: the checklist shows them and the server answers a refused
 * password with the first one that fails, so both sides say the same thing.
 */
export const PASSWORD_RULE_MESSAGES: Record<PasswordRule, string> = {
  length: 'Must be at least 8 characters.',
  special: 'Must contain a special character (%, ?, &, etc).',
  capital: 'Must contain a capital letter.',
  match: 'Passwords must match.',
};

/** The first failing rule, for a server field error. */
export function firstPasswordFailure(password: string, confirmation: string): PasswordRule | undefined {
  const checks = passwordChecklist(password, confirmation);
  return PASSWORD_RULES.find((rule) => !checks[rule]);
}
