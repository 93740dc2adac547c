/** The chat assistant page. */

/** The page's two modes, with the spec's labels. */
export const ASSISTANT_MODES = ['GPT4', 'DALL·E'] as const;
export type AssistantMode = (typeof ASSISTANT_MODES)[number];

export const ASSISTANT = {
  /** Default chat model of GPT4 mode. */
  chatModel: 'gpt-4-1106-preview',
  /** Default image model: one 512x512 image is a size DALL·E 2 makes. */
  imageModel: 'dall-e-2',
  temperature: 0.3,
  imageSize: '512x512',
  /** Conversation memory: the latest messages sent back to the service, up to this many tokens (about 4 characters a token). */
  historyTokens: 3000,
  /** Characters of one message a user may send. */
  messageMaxChars: 4000,
  /** Messages of a conversation the server accepts in one request (older ones fall out of memory anyway). */
  messagesMax: 100,
  promptMaxChars: 1000,
  /** The header that carries a user's own key (kept only in their browser) to our server, never stored or logged. */
  userKeyHeader: 'x-llm-key',
  /** The browser storage key of the conversation. */
  storageKey: 'messages',
  /** The browser storage key of a user's own key. */
  userKeyStorageKey: 'mobi.key',
} as const;

/** Rough token count of a text (about 4 characters a token, as OpenAI's guidance says for English). */
export const approximateTokens = (text: string): number => Math.ceil(text.length / 4);

/**
 * The conversation memory: the latest messages whose total stays within `budget` tokens, oldest first. The last
 * message is always kept (cut to the budget) so that the question itself is never dropped.
 */
export function memoryOf<M extends { text: string }>(messages: readonly M[], budget: number): M[] {
  const kept: M[] = [];
  let used = 0;
  for (let i = messages.length - 1; i >= 0; i--) {
    const cost = approximateTokens(messages[i].text);
    if (kept.length > 0 && used + cost > budget) break;
    kept.unshift(messages[i]);
    used += cost;
  }
  return kept;
}
