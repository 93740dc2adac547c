import { PROJECT_ROLE_PRESETS, ROLE_PRESETS } from '@tessera/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization } from '../../test/accounts.ts';
import { as, createTestApp } from '../../test/harness.ts';
import { type OpenAiStandIn, startOpenAiStandIn } from '../../test/openaiStandIn.ts';
import { membership, type Person, person, project } from '../projects/projects.fixtures.ts';

const USER_KEY = 'sk-user-own-2b7d9e4f1a3c5e7b';
let standIn: OpenAiStandIn;
beforeAll(async () => {
  standIn = await startOpenAiStandIn({ keys: [USER_KEY], chunkDelayMs: 0 });
});
afterAll(() => standIn?.close());

describe('the assistant without a server key', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let member: Person;
  let projectId: string;
  beforeAll(async () => {
    t = await createTestApp({
      LLM_BASE_URL: standIn.baseUrl,
      LLM_RATE_LIMIT_PER_MINUTE: '4',
      // Short enough for the hang below (the test's limit is 30 s), long enough for a loaded machine's first
      // answer: 5 s was not, in a CI run with the other suites on the same two cores.
      LLM_TIMEOUT_SECONDS: '12',
    });
    const org = (await createOrganization(t.database.db)).id;
    projectId = await project(t.database.db, org);
    member = await person(t.database.db, org, ROLE_PRESETS.standard, 'Member');
    await membership(t.database.db, member.id, projectId, PROJECT_ROLE_PRESETS.full);
  });
  afterAll(() => t?.close());
  const url = () => `/api/v1/projects/${projectId}/assistant`;
  const send = (payload: object, headers: Record<string, string> = {}) =>
    as(t.app, member.token)({ method: 'POST', url: `${url()}/chat`, payload, headers });
  const hello = { mode: 'GPT4', messages: [{ text: 'hello', ai: false }] };

  it('says it is not configured, and refuses to chat, until the user sends their own key', async () => {
    const status = await as(t.app, member.token)({ method: 'GET', url: url() });
    expect(status.json()).toEqual({ configured: false, modes: [], models: [], keySource: 'none' });
    const refused = await send(hello);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe('The assistant is not set up on this server');
    const own = await send(hello, { 'x-llm-key': USER_KEY });
    expect(own.statusCode, own.body).toBe(200);
    expect(standIn.requests.at(-1)?.headers.authorization).toBe(`Bearer ${USER_KEY}`);
  });

  it('answers a 502 when the service does not answer in time, never a hang', async () => {
    // The stand-in never answers this one: only the server's own timeout can end the request.
    standIn.hangNext();
    const res = await send(hello, { 'x-llm-key': USER_KEY });
    expect(res.statusCode).toBe(502);
    expect(res.json().error.message).toBe('The language-model service did not answer in time');
  });

  it('ends a stream whose service falls silent with the code of a timeout', async () => {
    standIn.stallNextStream();
    const res = await send(hello, { 'x-llm-key': USER_KEY, accept: 'text/event-stream' });
    expect(res.statusCode).toBe(200);
    const events = res.body
      .split('\n\n')
      .filter((block) => block.startsWith('data: '))
      .map((block) => JSON.parse(block.slice('data: '.length)));
    expect(events.filter((e) => e.type === 'delta')).toHaveLength(3);
    expect(events.at(-1)).toEqual({
      type: 'error',
      error: {
        code: 'upstream',
        message: 'The language-model service did not answer in time',
        reason: 'assistant.timedOut',
      },
    });
  });

  it('limits each user’s requests per minute (4 here: three were made above)', async () => {
    expect((await send(hello, { 'x-llm-key': USER_KEY })).statusCode).toBe(200);
    const res = await send(hello, { 'x-llm-key': USER_KEY });
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toMatchObject({ code: 'rate-limited', reason: 'assistant.rateLimited' });
  });
});
