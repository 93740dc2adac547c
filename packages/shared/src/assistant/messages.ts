import { z } from 'zod';
import { ASSISTANT_MODES } from './constants.ts';
import { proposedCardSchema } from './proposal.ts';

/**
 * A message of the conversation as the page keeps it in browser storage under the key `messages`:
 * id, createdAt, text, ai flag and the mode selected; ours also note their project (one key for every project,
 * each page showing its own) and an answer's proposed card. A DALL·E answer's text is its image's URL.
 */
export const storedChatMessageSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  text: z.string(),
  ai: z.boolean(),
  mode: z.enum(ASSISTANT_MODES),
  projectId: z.string().optional(),
  card: proposedCardSchema.optional(),
});
export type StoredChatMessage = z.infer<typeof storedChatMessageSchema>;

/** The stored conversation: the messages that parse, from whatever the storage holds (never a throw). */
export function parseStoredMessages(text: string | null): StoredChatMessage[] {
  let value: unknown;
  try {
    value = JSON.parse(text ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value.flatMap((m) => {
    const message = storedChatMessageSchema.safeParse(m);
    return message.success ? [message.data] : [];
  });
}
