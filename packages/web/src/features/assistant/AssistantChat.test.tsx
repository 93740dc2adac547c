import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { renderWithProviders, stubNetwork } from '../../ui/testing.tsx';
import { AssistantChat } from './AssistantChat.tsx';

const PROJECT = '64b7f0c2a1b2c3d4e5f60799';
const CHAT = `POST /api/v1/projects/${PROJECT}/assistant/chat`;

describe('AssistantChat', () => {
  beforeEach(() => localStorage.clear());
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  const renderChat = () =>
    renderWithProviders(<AssistantChat projectId={PROJECT} modes={['GPT4', 'DALL·E']} userKey={null} />);

  it('offers four starter prompts and keeps Send disabled while the text is empty', async () => {
    renderChat();
    expect(screen.getByText('What data does this project have?')).toBeTruthy();
    expect(
      screen.getAllByRole('button').filter((b) => b.tagName === 'BUTTON' && b.className.includes('Paper')),
    ).toHaveLength(4);
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toHaveProperty('disabled', true);
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), '   ');
    expect(send).toHaveProperty('disabled', true);
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'hello');
    expect(send).toHaveProperty('disabled', false);
  });

  it('makes a new line with Shift+Enter, sends with Enter, and shows a failure in the spec’s words', async () => {
    const requests = stubNetwork((key) =>
      key === CHAT
        ? { status: 502, body: { error: { code: 'upstream', message: 'The engine is overloaded' } } }
        : undefined,
    );
    renderChat();
    const box = screen.getByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'first{Shift>}{Enter}{/Shift}second');
    expect((box as HTMLTextAreaElement).value).toBe('first\nsecond');
    expect(requests).toHaveLength(0);
    await userEvent.type(box, '{Enter}');
    await screen.findByText('Error: The engine is overloaded please try again later');
    expect(requests[0].body).toEqual({ mode: 'GPT4', messages: [{ text: 'first\nsecond', ai: false }] });
    // The question is kept in browser storage under `messages`, with the mode selected.
    const stored = JSON.parse(localStorage.getItem('messages') ?? '[]');
    expect(stored).toEqual([
      expect.objectContaining({
        text: 'first\nsecond',
        ai: false,
        mode: 'GPT4',
        id: expect.any(String),
        createdAt: expect.any(String),
      }),
    ]);
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
  });

  it('shows a failure while the answer streams in the user’s language, by its code', async () => {
    await i18n.changeLanguage('fr');
    // The server's stream: two pieces, then its error event, the error of a JSON answer (code, reason).
    const events = [
      { type: 'delta', text: 'Voici ' },
      { type: 'delta', text: 'les' },
      {
        type: 'error',
        error: {
          code: 'upstream',
          message: 'The language-model service broke off its answer',
          reason: 'assistant.brokeOff',
        },
      },
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join(''), {
            status: 200,
            headers: { 'content-type': 'text/event-stream' },
          }),
      ),
    );
    renderChat();
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'bonjour{Enter}');
    await screen.findByText(
      'Erreur : Le service de modèle de langage a interrompu sa réponse veuillez réessayer plus tard',
    );
    // What was written before the failure stays.
    const stored = JSON.parse(localStorage.getItem('messages') ?? '[]');
    expect(stored.map((m: { text: string; ai: boolean }) => [m.text, m.ai])).toEqual([
      ['bonjour', false],
      ['Voici les', true],
    ]);
  });
});
