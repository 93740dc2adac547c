import {
  ASSISTANT,
  type AssistantMode,
  type ProposedCard,
  parseStoredMessages,
  type StoredChatMessage,
} from '@tessera/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { generateImage, streamChat } from '../../api/assistant.ts';

export type AssistantMessage = StoredChatMessage;

export const readMessages = (): AssistantMessage[] => parseStoredMessages(localStorage.getItem(ASSISTANT.storageKey));

const writeMessages = (messages: AssistantMessage[]) =>
  localStorage.setItem(ASSISTANT.storageKey, JSON.stringify(messages));

const newMessage = (projectId: string, text: string, ai: boolean, mode: AssistantMode): AssistantMessage => ({
  id: crypto.randomUUID(),
  createdAt: new Date().toISOString(),
  text,
  ai,
  mode,
  projectId,
});

/** A user's own key for the service, kept in this browser only. */
export function useUserKey(): [string | null, (key: string | null) => void] {
  const [key, setKey] = useState(() => localStorage.getItem(ASSISTANT.userKeyStorageKey));
  const save = useCallback((next: string | null) => {
    if (next) localStorage.setItem(ASSISTANT.userKeyStorageKey, next);
    else localStorage.removeItem(ASSISTANT.userKeyStorageKey);
    setKey(next);
  }, []);
  return [key, save];
}

/**
 * The project's conversation: sending a question streams the answer into a new AI message as it is written; a
 * DALL·E prompt answers one image. A failure leaves no empty answer behind and is reported in `error`.
 */
export function useConversation(projectId: string, userKey: string | null) {
  const [all, setAll] = useState<AssistantMessage[]>(readMessages);
  const [pending, setPending] = useState<AssistantMode | null>(null);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const update = useCallback((change: (messages: AssistantMessage[]) => AssistantMessage[]) => {
    setAll((previous) => {
      const next = change(previous);
      writeMessages(next);
      return next;
    });
  }, []);
  const messages = all.filter((m) => (m.projectId ?? projectId) === projectId);

  const send = useCallback(
    async (text: string, mode: AssistantMode) => {
      const question = newMessage(projectId, text, false, mode);
      setError(null);
      setPending(mode);
      update((previous) => [...previous, question]);
      const controller = new AbortController();
      abort.current = controller;
      const answer = newMessage(projectId, '', true, mode);
      const edit = (change: Partial<AssistantMessage>) =>
        update((previous) => previous.map((m) => (m.id === answer.id ? { ...m, ...change } : m)));
      try {
        if (mode === 'DALL·E') {
          const { url } = await generateImage(projectId, text, userKey);
          update((previous) => [...previous, { ...answer, text: url }]);
        } else {
          const history = [...messages, question]
            .filter((m) => m.mode === 'GPT4' && m.text.length > 0)
            .map((m) => ({ text: m.text.slice(0, ASSISTANT.messageMaxChars), ai: m.ai }));
          update((previous) => [...previous, answer]);
          let written = '';
          await streamChat(
            projectId,
            history,
            userKey,
            (event) => {
              if (event.type === 'delta') {
                written += event.text;
                edit({ text: written });
              } else if (event.type === 'card') edit({ card: event.card as ProposedCard });
            },
            controller.signal,
          );
        }
      } catch (caught) {
        if (controller.signal.aborted) return;
        update((previous) => previous.filter((m) => m.id !== answer.id || m.text.length > 0 || m.card));
        setError(caught instanceof Error ? caught.message : String(caught));
      } finally {
        setPending(null);
      }
    },
    [projectId, userKey, messages, update],
  );

  const clear = useCallback(() => {
    abort.current?.abort();
    update((previous) => previous.filter((m) => (m.projectId ?? projectId) !== projectId));
    setError(null);
  }, [projectId, update]);

  return { messages, pending, error, send, clear, dismissError: () => setError(null) };
}
