import { verify } from '@node-rs/argon2';
import { firstPasswordFailure } from '@tessera/shared';
import { hashPassword } from '../../platform/bootstrap.ts';
import { badRequest } from '../../platform/errors.ts';
import { newSecret } from '../../platform/ids.ts';

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored argon2id hash. When there is no hash (unknown email, unclaimed or
 * single-sign-on account) it verifies against a throw-away hash anyway, so that the answer takes as long
 * either way and its timing does not tell which emails have an account.
 */
export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  dummyHash ??= hashPassword(newSecret());
  const target = hash ?? (await dummyHash);
  try {
    const ok = await verify(target, password);
    return ok && !!hash;
  } catch {
    return false; // a malformed stored hash never signs anyone in
  }
}

/** Refuses a new password that fails the live checklist, naming the first failed rule in the spec's words. */
export function assertPasswordAcceptable(password: string, confirmPassword: string): void {
  const rule = firstPasswordFailure(password, confirmPassword);
  if (!rule) return;
  const code = `password.${rule}` as const;
  throw badRequest(code, { password: code });
}
