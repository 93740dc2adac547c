import { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import { describe, expect, it } from 'vitest';
import { streamError, upstreamError } from './assistant.llm.ts';

const KEY = 'sk-test-3c5e7b9d1f2a4c6e';
const serviceError = (message: string) =>
  APIError.generate(400, { error: { message } }, undefined, new Headers()) as APIError;

describe('a failure of the language-model service as the error the caller sees', () => {
  it('passes on the service’s own words without a code, and without the key', () => {
    const error = upstreamError(serviceError(`Your key ${KEY} was refused`), KEY);
    expect(error).toMatchObject({ status: 502, reason: undefined, message: 'Your key [redacted] was refused' });
  });

  it('says our own failures by code: a timeout, a service out of reach, anything else', () => {
    expect(upstreamError(new APIConnectionTimeoutError(), KEY).reason).toBe('assistant.timedOut');
    expect(upstreamError(new APIConnectionError({ message: 'Connection error.' }), KEY).reason).toBe(
      'assistant.unreachable',
    );
    const ours = upstreamError(new TypeError(`Cannot read properties of undefined (${KEY})`), KEY);
    expect(ours).toMatchObject({ reason: 'assistant.failed', message: 'The language-model service failed' });
  });

  it('while an answer streams: a timeout, the service’s words, or a connection that broke off', () => {
    expect(streamError(new Error('aborted'), KEY, true).reason).toBe('assistant.timedOut');
    expect(streamError(serviceError('Overloaded'), KEY, false)).toMatchObject({
      reason: undefined,
      message: 'Overloaded',
    });
    expect(streamError(new TypeError('terminated'), KEY, false).reason).toBe('assistant.brokeOff');
  });
});
