import { z } from 'zod';

/** Resource ids: 24 lower-case hex characters, like the `_id`s the spec shows. */
export const ID_PATTERN = /^[0-9a-f]{24}$/;
export const id = z.string().regex(ID_PATTERN, 'Not a valid id');
export const idParams = z.object({ id });
export const ok = z.object({ ok: z.literal(true) });
