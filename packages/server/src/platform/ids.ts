import { createHash, randomBytes } from 'node:crypto';

/** A new resource id: 24 hex characters (96 random bits). */
export const newId = (): string => randomBytes(12).toString('hex');

/** A secret for a link or a bearer token: 32 random bytes, url-safe. */
export const newSecret = (): string => randomBytes(32).toString('base64url');

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');
