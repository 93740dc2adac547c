import {
  isServerErrorCode,
  type ServerErrorCode,
  type ServerMessage,
  serverMessageCode,
  serverMessageText,
} from '@tessera/shared';
import { HttpError } from '../errors.ts';
import type { Settlement } from './jobs.store.ts';
import { failureMessage, type Outcome } from './runner.ts';

type MessageParams = Record<string, string | number>;

/**
 * What a job says, as stored: its English text, and when it is one of ours its code of the shared list
 * (SERVER_ERRORS) and the values of its `{name}` parts, by which the web translates it (docs/architecture.md
 * "Errors"). Text no code of ours wrote (a Python traceback, pip's output, a progress note) has a null code.
 */
export interface JobMessage {
  text: string;
  code: ServerErrorCode | null;
  params: MessageParams | null;
}

/** A message of the shared list, by its code. */
export const codedMessage = (message: ServerMessage): JobMessage => ({
  text: serverMessageText(message),
  code: serverMessageCode(message),
  params: typeof message === 'string' ? null : message.params,
});

/** Text as it is, with no code. */
export const textMessage = (text: string): JobMessage => ({ text, code: null, params: null });

/** The message's columns of a job row (`message`, `messageCode`, `messageParams`); all null for none. */
export const messageColumns = (message: JobMessage | null) => ({
  message: message?.text ?? null,
  messageCode: message?.code ?? null,
  messageParams: message?.params ?? null,
});

/**
 * The message a handler's failure leaves: by code for an error of ours (an HttpError thrown by code, an analytics
 * error's `said`), else the error's text only (failureMessage).
 */
export function failureOf(error: unknown): JobMessage {
  const said = saidBy(error);
  return said ? codedMessage(said) : textMessage(failureMessage(error));
}

function saidBy(error: unknown): ServerMessage | undefined {
  if (error instanceof HttpError) {
    if (!error.reason) return undefined;
    return (error.params ? { code: error.reason, params: error.params } : error.reason) as ServerMessage;
  }
  // The analytics package's IngestError and QueryError say their message by code as `said`.
  if (!(error instanceof Error) || !('said' in error)) return undefined;
  const said = error.said as ServerMessage;
  const code = typeof said === 'string' ? said : (said as { code?: unknown } | null)?.code;
  return isServerErrorCode(code) ? said : undefined;
}

/** The jobs' own messages (JOB_MESSAGES), by their codes. */
export const JOB_SAID = {
  interrupted: codedMessage('job.interrupted'),
  restarted: codedMessage('job.restarted'),
  timeout: codedMessage('job.timeout'),
} as const;

/**
 * What a handler's outcome leaves on its row: completed with its closing note, or failed with what it says;
 * nothing for a job stopped from elsewhere (cancelled or failed there: whoever stopped it has settled it).
 */
export function settlementOf(outcome: Outcome): Settlement | undefined {
  switch (outcome.kind) {
    case 'done':
      return {
        status: 'completed',
        progress: 1,
        message: outcome.message === undefined ? null : textMessage(outcome.message),
      };
    case 'threw':
      return { status: 'failed', message: failureOf(outcome.error) };
    case 'stopped':
      if (outcome.reason === 'timeout') return { status: 'failed', message: JOB_SAID.timeout };
      if (outcome.reason === 'shutdown') return { status: 'failed', message: JOB_SAID.interrupted };
      return undefined;
  }
}
