import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenAiStandIn, startOpenAiStandIn } from './openaiStandIn.ts';

/** The stand-in speaks the API as the real client library reads it. */
describe('OpenAI stand-in', () => {
  let standIn: OpenAiStandIn;
  let client: OpenAI;
  const summary = [
    {
      _id: 'd1',
      name: 'seattle-weather',
      features: [
        { _id: 'f1', name: 'date', type: 'date' },
        { _id: 'f2', name: 'precipitation', type: 'number' },
        { _id: 'f3', name: 'temp_max', type: 'number' },
      ],
    },
  ];
  const system = `You are Mobi.\nDatasets (JSON):\n${JSON.stringify(summary)}\n`;
  const tools = [{ type: 'function' as const, function: { name: 'propose_card', parameters: {} } }];

  beforeAll(async () => {
    standIn = await startOpenAiStandIn({ keys: ['sk-test'], chunkDelayMs: 0 });
    client = new OpenAI({ apiKey: 'sk-test', baseURL: standIn.baseUrl, maxRetries: 0 });
  });
  afterAll(() => standIn.close());

  it('lists models and refuses an unknown key', async () => {
    const models = await client.models.list();
    expect(models.data.map((m) => m.id)).toContain('gpt-4-1106-preview');
    const wrong = new OpenAI({ apiKey: 'sk-wrong', baseURL: standIn.baseUrl, maxRetries: 0 });
    await expect(wrong.models.list()).rejects.toMatchObject({ status: 401 });
    expect(standIn.requests.at(-1)?.headers.authorization).toBe('Bearer sk-wrong');
  });

  it('streams a text answer and calls the card tool for a chart, with the best-named feature', async () => {
    const stream = await client.chat.completions.create({
      model: 'gpt-4-1106-preview',
      stream: true,
      tools,
      messages: [
        { role: 'system', content: system },
        { role: 'user', content: 'average maximum temperature by month in seattle-weather' },
      ],
    });
    let text = '';
    let args = '';
    let chunks = 0;
    for await (const chunk of stream) {
      chunks++;
      text += chunk.choices[0]?.delta.content ?? '';
      args += chunk.choices[0]?.delta.tool_calls?.[0]?.function?.arguments ?? '';
    }
    expect(chunks).toBeGreaterThan(5);
    expect(text).toContain('temp_max');
    expect(JSON.parse(args)).toMatchObject({
      chartType: 'bar',
      x: { featureId: 'f1', operation: 'month' },
      y: [{ featureId: 'f3', operation: 'avg' }],
    });
  });

  it('answers in JSON, fails on demand, and makes images as base64 or a URL it serves', async () => {
    const answer = await client.chat.completions.create({
      model: 'm',
      messages: [{ role: 'user', content: 'hello' }],
    });
    expect(answer.choices[0].message.content).toContain('You asked: "hello"');
    standIn.failNext(500, 'The engine is overloaded');
    await expect(client.models.list()).rejects.toMatchObject({
      status: 500,
      message: expect.stringContaining('overloaded'),
    });
    const b64 = await client.images.generate({ prompt: 'a cat', size: '512x512', response_format: 'b64_json' });
    const png = Buffer.from(b64.data?.[0].b64_json ?? '', 'base64');
    expect(png.readUInt32BE(16)).toBe(512);
    const url = await client.images.generate({ prompt: 'a cat', size: '512x512', response_format: 'url' });
    const fetched = await fetch(url.data?.[0].url ?? '');
    expect(Buffer.from(await fetched.arrayBuffer()).equals(png)).toBe(true);
  });
});
