import { PassThrough } from 'node:stream';
import { PROJECT_ROLE_PRESETS, type ProjectRoles, ROLE_PRESETS, type UnitData } from '@tessera/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization } from '../../test/accounts.ts';
import { as, createTestApp } from '../../test/harness.ts';
import { type OpenAiStandIn, startOpenAiStandIn } from '../../test/openaiStandIn.ts';
import { type DatasetsWorld, importCsv } from '../datasets/datasets.fixtures.ts';
import { membership, type Person, person, project } from '../projects/projects.fixtures.ts';

const SERVER_KEY = 'sk-server-5f3c9a1e7b2d4c6a8e0f';
const USER_KEY = 'sk-user-own-2b7d9e4f1a3c5e7b';

/** Rows whose values are neither a minimum nor a maximum: none of them may ever reach the service. */
const WEATHER = [
  'date,precipitation,temp_max,weather',
  '2012-01-01,0.0,12.8,drizzle',
  '2012-01-02,10.9,10.6,rain',
  '2012-01-03,0.8,11.7,snowfall',
  '2012-02-01,1.3,8.3,sun',
  '2012-02-02,2.5,5.6,foggy',
  '2012-02-03,0.3,6.1,rain',
].join('\n');
const INNER_VALUES = ['2012-01-02', '2012-02-02', '10.6', '11.7', '8.3', 'snowfall', 'foggy', '2.5', '0.8'];

let standIn: OpenAiStandIn;
let w: DatasetsWorld;
let logText = '';
let assistantOnly: Person;

beforeAll(async () => {
  standIn = await startOpenAiStandIn({ keys: [SERVER_KEY, USER_KEY], chunkDelayMs: 0 });
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => {
    logText += chunk.toString();
  });
  const t = await createTestApp(
    { LLM_BASE_URL: standIn.baseUrl, LLM_API_KEY: SERVER_KEY, LOG_LEVEL: 'info', LLM_RATE_LIMIT_PER_MINUTE: '1000' },
    { logStream },
  );
  const db = t.database.db;
  const org = (await createOrganization(db)).id;
  const other = (await createOrganization(db)).id;
  const projectId = await project(db, org, { name: 'Weather desk' });
  const outsiderProjectId = await project(db, other);
  const editor = await person(db, org, ROLE_PRESETS.standard, 'Editor');
  const viewer = await person(db, org, ROLE_PRESETS.standard, 'Viewer');
  const dashboardsOnly = await person(db, org, ROLE_PRESETS.standard, 'Dashboards');
  const outsider = await person(db, other, ROLE_PRESETS.standard, 'Outsider');
  assistantOnly = await person(db, org, ROLE_PRESETS.standard, 'Models');
  await membership(db, editor.id, projectId, PROJECT_ROLE_PRESETS.full);
  await membership(db, viewer.id, projectId, PROJECT_ROLE_PRESETS.view as ProjectRoles);
  await membership(db, dashboardsOnly.id, projectId, PROJECT_ROLE_PRESETS.viewDashboards as ProjectRoles);
  await membership(db, outsider.id, outsiderProjectId, PROJECT_ROLE_PRESETS.full);
  await membership(db, assistantOnly.id, projectId, {
    ...PROJECT_ROLE_PRESETS.viewDashboards,
    model: 'view',
  } as ProjectRoles);
  w = { t, projectId, editor, viewer, dashboardsOnly, outsider, outsiderProjectId };
  await importCsv(w, 'seattle-weather', WEATHER);
}, 60_000);
afterAll(async () => {
  await w?.t.close();
  await standIn?.close();
});

const base = () => `/api/v1/projects/${w.projectId}/assistant`;
const call = (
  who: Person,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) => as(w.t.app, who.token)({ method, url, headers, ...(payload ? { payload } : {}) });
const ask = (who: Person, text: string, headers: Record<string, string> = {}) =>
  call(who, 'POST', `${base()}/chat`, { mode: 'GPT4', messages: [{ text, ai: false }] }, headers);

/** Parses a streamed answer's `data:` lines. */
const eventsOf = (body: string) =>
  body
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => JSON.parse(block.slice('data: '.length)));

describe('the assistant, through an OpenAI-compatible service', () => {
  it('answers its status from the key check (the models list) with the server key', async () => {
    const res = await call(w.viewer, 'GET', base());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ configured: true, modes: ['GPT4', 'DALL·E'], keySource: 'server' });
    expect(res.json().models).toContain('gpt-4-1106-preview');
    const check = standIn.requests.at(-1)!;
    expect(check.path).toBe('/v1/models');
    expect(check.headers.authorization).toBe(`Bearer ${SERVER_KEY}`);
  });

  it('answers a question grounded in the datasets, with model and temperature, and never sends a row', async () => {
    const before = standIn.requests.length;
    const res = await ask(w.viewer, 'What data do we have?');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().text).toContain('This project has 1 dataset(s): seattle-weather');
    const sent = standIn.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0].headers.authorization).toBe(`Bearer ${SERVER_KEY}`);
    expect(sent[0].body).toMatchObject({ model: 'gpt-4-1106-preview', temperature: 0.3, stream: true });
    const system = (sent[0].body as { messages: Array<{ content: string }> }).messages[0].content;
    expect(system).toContain('"name":"temp_max","type":"number"');
    expect(system).toContain('"rows":6');
    for (const value of INNER_VALUES) expect(sent[0].text).not.toContain(value);
  });

  it('keeps the conversation in memory, up to its token budget', async () => {
    const before = standIn.requests.length;
    const messages = [
      { text: 'x'.repeat(4000), ai: false },
      { text: 'y'.repeat(4000), ai: true },
      { text: 'z'.repeat(4000), ai: false },
      { text: 'Hi, how can I help?', ai: true },
      { text: 'And now?', ai: false },
    ];
    const res = await call(w.viewer, 'POST', `${base()}/chat`, { mode: 'GPT4', messages });
    expect(res.json().text).toContain('I remember 3 earlier message(s)');
    const sent = standIn.requests.slice(before)[0].body?.messages as Array<{ role: string; content: string }>;
    expect(sent.slice(1)).toEqual([
      { role: 'assistant', content: 'y'.repeat(4000) },
      { role: 'user', content: 'z'.repeat(4000) },
      { role: 'assistant', content: 'Hi, how can I help?' },
      { role: 'user', content: 'And now?' },
    ]);
  });

  it('streams the answer and a proposed card the vis schema validates, whose data are the real numbers', async () => {
    const res = await ask(w.viewer, 'Chart the average maximum temperature by month in seattle-weather', {
      accept: 'text/event-stream',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    const events = eventsOf(res.body);
    expect(events.filter((e) => e.type === 'delta').length).toBeGreaterThan(3);
    const card = events.find((e) => e.type === 'card').card;
    expect(events.at(-1)).toMatchObject({ type: 'done', text: expect.stringContaining('temp_max') });
    expect(card).toMatchObject({ type: 'chart', title: 'Average temp_max by month' });
    expect(card.vis.dependent[0].series[0].operation).toBe('avg');

    const data = await call(w.viewer, 'POST', `${base()}/card-data`, { type: 'chart', vis: card.vis });
    expect(data.statusCode, data.body).toBe(200);
    const rows = (data.json() as UnitData).data as Array<Record<string, unknown>>;
    expect(rows.map((r) => [r.x, Number(Number(r.y1).toFixed(3))])).toEqual([
      [1, 11.7],
      [2, 6.667],
    ]);
  });

  it('never returns a proposal that does not validate', async () => {
    standIn.proposeNext({ title: 'Bad', chartType: 'bar', x: { featureId: 'f'.repeat(24) }, y: [] });
    const res = await ask(w.viewer, 'Chart anything');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().card).toBeUndefined();
    standIn.proposeNext({
      title: 'Injected',
      chartType: 'bar',
      x: { featureId: 'a'.repeat(24) },
      y: [{ featureId: 'b'.repeat(24) }],
    });
    expect((await ask(w.viewer, 'Chart anything')).json().card).toBeUndefined();
    // An invalid proposal and no text: nothing to show, a 502 rather than an empty answer.
    standIn.proposeNext({ title: 'Bad', chartType: 'donut' }, '');
    const empty = await ask(w.viewer, 'Chart anything');
    expect(empty.statusCode).toBe(502);
    expect(empty.json().error.message).toBe('The language-model service gave no usable answer');
  });

  it('makes a 512x512 image, kept under the project and served with the member’s access only', async () => {
    const before = standIn.requests.length;
    const res = await call(w.viewer, 'POST', `${base()}/image`, { prompt: 'a lighthouse in the rain' });
    expect(res.statusCode, res.body).toBe(200);
    expect(standIn.requests.slice(before)[0].body).toMatchObject({ size: '512x512', n: 1, model: 'dall-e-2' });
    const url = res.json().url as string;
    expect(url).toMatch(new RegExp(`^/api/v1/projects/${w.projectId}/assistant/images/[0-9a-f]{24}$`));
    const image = await call(w.viewer, 'GET', url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.readUInt32BE(16)).toBe(512);
    expect(image.rawPayload.readUInt32BE(20)).toBe(512);
    expect((await call(w.outsider, 'GET', url)).statusCode).toBe(404);
    expect((await call(w.dashboardsOnly, 'GET', url)).statusCode).toBe(403);
    expect((await as(w.t.app, undefined)({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('needs model view; another tenant’s project is a 404; a caller without dataset view is told of no dataset', async () => {
    expect((await call(w.dashboardsOnly, 'GET', base())).statusCode).toBe(403);
    expect((await ask(w.dashboardsOnly, 'hello')).statusCode).toBe(403);
    const foreign = `/api/v1/projects/${w.outsiderProjectId}/assistant`;
    expect((await call(w.viewer, 'GET', foreign)).statusCode).toBe(404);
    expect(
      (await call(w.viewer, 'POST', `${foreign}/chat`, { mode: 'GPT4', messages: [{ text: 'x', ai: false }] }))
        .statusCode,
    ).toBe(404);
    expect((await call(w.viewer, 'POST', `${foreign}/image`, { prompt: 'x' })).statusCode).toBe(404);
    const blind = await ask(assistantOnly, 'Chart the average temp_max by month');
    expect(blind.statusCode, blind.body).toBe(200);
    expect(blind.json().text).toContain('This project has 0 dataset(s)');
    expect(blind.json().card).toBeUndefined();
    expect(standIn.requests.at(-1)?.text).not.toContain('seattle-weather');
    expect((await call(assistantOnly, 'POST', `${base()}/card-data`, { type: 'chart', vis: {} })).statusCode).toBe(403);
  });

  it('refuses bad input with field errors', async () => {
    const empty = await call(w.viewer, 'POST', `${base()}/chat`, { mode: 'GPT4', messages: [] });
    expect(empty.statusCode).toBe(400);
    const lastAi = await call(w.viewer, 'POST', `${base()}/chat`, {
      mode: 'GPT4',
      messages: [{ text: 'x', ai: true }],
    });
    expect(lastAi.statusCode).toBe(400);
    const mode = await call(w.viewer, 'POST', `${base()}/chat`, { mode: 'GPT5', messages: [{ text: 'x', ai: false }] });
    expect(mode.json().error.fields).toHaveProperty('mode');
    expect((await call(w.viewer, 'POST', `${base()}/image`, { prompt: ' ' })).json().error.fields).toEqual({
      prompt: 'Required',
    });
  });

  it('turns a failure of the service into a 502 with its message, JSON or streamed', async () => {
    standIn.failNext(500, 'The server had an error while processing your request');
    const failed = await ask(w.viewer, 'hello');
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error).toEqual({
      code: 'upstream',
      message: 'The server had an error while processing your request',
    });
    standIn.failNext(429, 'Rate limit reached for gpt-4');
    const streamed = await ask(w.viewer, 'hello', { accept: 'text/event-stream' });
    expect(streamed.statusCode).toBe(502);
    standIn.failNext(400, 'Your request was rejected by the safety system');
    const image = await call(w.viewer, 'POST', `${base()}/image`, { prompt: 'x' });
    expect(image.statusCode).toBe(502);
    expect(image.json().error.message).toBe('Your request was rejected by the safety system');
    standIn.failNext(503, 'Service unavailable');
    expect((await call(w.viewer, 'GET', base())).statusCode).toBe(502);
  });

  it('ends a stream that breaks off with an error event (a 502 in JSON), never a hang', async () => {
    standIn.breakNextStream();
    const streamed = await ask(w.viewer, 'hello', { accept: 'text/event-stream' });
    expect(streamed.statusCode).toBe(200);
    const events = eventsOf(streamed.body);
    expect(events.filter((e) => e.type === 'delta')).toHaveLength(3);
    // Our own failure: by its code, as a JSON error is, so that the web says it in the user's language.
    const brokeOff = {
      code: 'upstream',
      message: 'The language-model service broke off its answer',
      reason: 'assistant.brokeOff',
    };
    expect(events.at(-1)).toEqual({ type: 'error', error: brokeOff });
    standIn.breakNextStream();
    const json = await ask(w.viewer, 'hello');
    expect(json.statusCode).toBe(502);
    expect(json.json().error).toEqual(brokeOff);
  });

  it('passes on the service’s own words when it fails while it streams, without a code', async () => {
    standIn.failNextStream('The model is overloaded, sorry');
    const streamed = await ask(w.viewer, 'hello', { accept: 'text/event-stream' });
    const events = eventsOf(streamed.body);
    expect(events.filter((e) => e.type === 'delta')).toHaveLength(3);
    expect(events.at(-1)).toEqual({
      type: 'error',
      error: { code: 'upstream', message: 'The model is overloaded, sorry' },
    });
  });

  it('ends a streamed answer with nothing to show with the code of an unusable answer', async () => {
    standIn.proposeNext({ title: 'Bad', chartType: 'donut' }, '');
    const streamed = await ask(w.viewer, 'Chart anything', { accept: 'text/event-stream' });
    expect(eventsOf(streamed.body)).toEqual([
      {
        type: 'error',
        error: {
          code: 'upstream',
          message: 'The language-model service gave no usable answer',
          reason: 'assistant.noAnswer',
        },
      },
    ]);
  });

  it('never lets the key out: no answer, no log line carries it', async () => {
    const own = await call(w.viewer, 'GET', base(), undefined, { 'x-llm-key': USER_KEY });
    expect(own.json()).toMatchObject({ configured: true, keySource: 'user' });
    expect(standIn.requests.at(-1)?.headers.authorization).toBe(`Bearer ${USER_KEY}`);
    const wrong = await call(w.viewer, 'GET', base(), undefined, { 'x-llm-key': 'sk-not-a-known-key' });
    expect(wrong.statusCode).toBe(502);
    expect(wrong.body).not.toContain('sk-not-a-known-key');
    const replies = [own, wrong, await ask(w.viewer, 'hello'), await call(w.viewer, 'GET', base())];
    for (const reply of replies) {
      expect(reply.body).not.toContain(SERVER_KEY);
      expect(JSON.stringify(reply.headers)).not.toContain(SERVER_KEY);
    }
    expect(logText.length).toBeGreaterThan(1000);
    expect(logText).not.toContain(SERVER_KEY);
    expect(logText).not.toContain(USER_KEY);
    expect(logText).not.toContain('sk-not-a-known-key');
  });

  it('removes the project’s images with the project', async () => {
    const made = (await call(w.editor, 'POST', `${base()}/image`, { prompt: 'to be removed' })).json();
    const { storage } = w.t.app.ctx;
    const prefix = `assistant/${w.projectId}/`;
    expect((await storage.list(prefix)).map((o) => o.key)).toContain(`${prefix}images/${made.url.split('/').at(-1)}`);
    const del = await as(w.t.app, w.editor.token)({ method: 'DELETE', url: `/api/v1/projects/${w.projectId}` });
    expect(del.statusCode, del.body).toBe(200);
    expect(await storage.list(prefix)).toEqual([]);
  });
});
