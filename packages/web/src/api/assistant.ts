import { useQuery } from '@tanstack/react-query';
import {
  ASSISTANT,
  api,
  type ChatMessageInput,
  type ChatStreamEvent,
  DASHBOARD_LIMITS,
  ERROR_CODES,
  type ErrorCode,
  type ProposedCard,
} from '@tessera/shared';
import { type ApiError, apiError, call, tokenStore } from './client.ts';

/**
 * Mobi, the assistant: the page never speaks to the language-model service;
 * it asks our server, which holds the key. A user's own key (kept in this browser only) rides along in the
 * `x-llm-key` header of their own requests.
 */

const keyHeaders = (userKey: string | null): Record<string, string> =>
  userKey ? { [ASSISTANT.userKeyHeader]: userKey } : {};

export const assistantKeys = {
  status: (projectId: string, userKey: string | null) => ['assistant', projectId, 'status', userKey ?? ''] as const,
  cardData: (projectId: string, card: ProposedCard) => ['assistant', projectId, 'cardData', card.vis] as const,
  image: (url: string) => ['assistant', 'image', url] as const,
};

export function useAssistantStatus(projectId: string, userKey: string | null) {
  return useQuery({
    queryKey: assistantKeys.status(projectId, userKey),
    queryFn: () => call(api.getAssistant, { params: { projectId } }, { headers: keyHeaders(userKey) }),
    meta: { pageError: false },
    retry: false,
    staleTime: 60_000,
  });
}

/**
 * Asks for the answer to the conversation's last message, streamed: `onEvent` gets each piece as it arrives.
 * A refusal before the answer starts (502 from the service, 429, 400), or a failure while it streams (its error
 * event, the error of a JSON answer), throws an ApiError in the user's language (api/serverErrors.ts).
 */
export async function streamChat(
  projectId: string,
  messages: ChatMessageInput[],
  userKey: string | null,
  onEvent: (event: Exclude<ChatStreamEvent, { type: 'error' }>) => void,
  signal?: AbortSignal,
): Promise<void> {
  const token = tokenStore.get();
  const res = await fetch(`/api/v1/projects/${encodeURIComponent(projectId)}/assistant/chat`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...keyHeaders(userKey),
    },
    body: JSON.stringify({ mode: 'GPT4', messages }),
    signal,
  });
  if (!res.ok || !res.body) throw await errorOf(res);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += value;
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (block.startsWith('data: ')) {
        const event = JSON.parse(block.slice('data: '.length)) as ChatStreamEvent;
        if (event.type === 'error') {
          void reader.cancel();
          throw apiError(ERROR_CODES[event.error.code as ErrorCode] ?? 502, event);
        }
        onEvent(event);
      }
      end = buffer.indexOf('\n\n');
    }
  }
}

async function errorOf(res: Response): Promise<ApiError> {
  return apiError(res.status, await res.json().catch(() => undefined), res.statusText);
}

export function generateImage(projectId: string, prompt: string, userKey: string | null) {
  return call(api.generateImage, { params: { projectId }, body: { prompt } }, { headers: keyHeaders(userKey) });
}

/** An image the assistant made: served to the project's members only, so fetched with the token into a blob. */
export function useAssistantImage(url: string) {
  return useQuery({
    queryKey: assistantKeys.image(url),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { pageError: false },
    retry: false,
    queryFn: async () => {
      const token = tokenStore.get();
      const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
      if (!res.ok) throw await errorOf(res);
      return URL.createObjectURL(await res.blob());
    },
  });
}

/** A proposed card's data, computed as the mapping editor's temporary data is, with the caller's permissions. */
export function useProposedCardData(projectId: string, card: ProposedCard, enabled: boolean) {
  return useQuery({
    queryKey: assistantKeys.cardData(projectId, card),
    queryFn: () => call(api.getProposedCardData, { params: { projectId }, body: { type: 'chart', vis: card.vis } }),
    enabled,
    meta: { pageError: false },
    retry: false,
    staleTime: 60_000,
  });
}

/** Adds a proposed card to a tab: a new card there, then its name, type and vis saved. */
export async function addProposedCard(tabId: string, card: ProposedCard) {
  const { unit } = await call(api.createUnit, { params: { id: tabId }, body: {} });
  return call(api.updateUnit, {
    params: { id: unit._id },
    query: {},
    body: { name: card.title.slice(0, DASHBOARD_LIMITS.nameMax), type: 'chart', vis: card.vis },
  });
}
