/**
 * Sign-in: the password checklist the account settings reuse. The router loads the sign-in, recovery and reset
 * pages on demand by import() of their modules.
 */

export { PasswordChecklist } from './PasswordChecklist.tsx';
