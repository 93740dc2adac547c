import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32, deflateSync } from 'node:zlib';

/**
 * A real HTTP server that speaks the parts of the OpenAI API the assistant uses, for the API tests and the
 * Chromium journeys (a server over HTTP, not a mock of the client library):
 *
 * - `GET /v1/models`: the models list (the key check);
 * - `POST /v1/chat/completions`: JSON or streamed (`stream: true`, server-sent `chat.completion.chunk`s), with
 *   tool calls: when the request offers the `propose_card` tool and the question asks for a chart, it calls the
 *   tool with a chart built from the dataset summary it received in the system prompt;
 * - `POST /v1/images/generations`: one PNG of the asked size, as `b64_json` or as a URL this server also serves;
 * - every request must carry `Authorization: Bearer <one of keys>`, else a 401 in OpenAI's error shape.
 *
 * Its answers follow from the request alone. It records every request (headers and parsed body) so that the tests
 * can prove what left our server; `failNext` and `hangNext` make the next request fail or never answer.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The raw body text and its JSON. */
  text: string;
  body: Record<string, unknown> | undefined;
}

export interface OpenAiStandIn {
  /** The API base, e.g. http://127.0.0.1:PORT/v1 (LLM_BASE_URL). */
  baseUrl: string;
  requests: RecordedRequest[];
  /** The next API request (any path but /files) answers this status and OpenAI-shaped error message. */
  failNext(status: number, message: string): void;
  /** The next API request is never answered (until the server closes). */
  hangNext(): void;
  /** The next streamed chat completion breaks off (its connection destroyed) after its first pieces. */
  breakNextStream(): void;
  /** The next streamed chat completion sends its first pieces, then the service's error event with this message. */
  failNextStream(message: string): void;
  /** The next streamed chat completion sends its first pieces, then nothing more (until the server closes). */
  stallNextStream(): void;
  /** The next chat completion calls `propose_card` with exactly these arguments (a malformed proposal, say). */
  proposeNext(args: unknown, content?: string): void;
  close(): Promise<void>;
}

export interface StandInOptions {
  /** The keys the server accepts. */
  keys: string[];
  /** Milliseconds between streamed chunks (default 30), so a browser sees the answer arrive piece by piece. */
  chunkDelayMs?: number;
  models?: string[];
}

export const STAND_IN_MODELS = ['gpt-4-1106-preview', 'gpt-3.5-turbo', 'dall-e-2', 'dall-e-3'];

interface DatasetSummary {
  _id: string;
  name: string;
  features: Array<{ _id: string; name: string; type: string }>;
}

export async function startOpenAiStandIn(options: StandInOptions): Promise<OpenAiStandIn> {
  const requests: RecordedRequest[] = [];
  const images = new Map<string, Buffer>();
  const hanging = new Set<ServerResponse>();
  let failure: { status: number; message: string } | null = null;
  let hang = false;
  let forcedProposal: { args: unknown; content: string } | null = null;
  let streamEnd: StreamEnd | null = null;
  const delay = options.chunkDelayMs ?? 30;

  const server = createServer(async (req, res) => {
    const text = await readBody(req);
    const path = (req.url ?? '/').split('?')[0];
    let body: Record<string, unknown> | undefined;
    try {
      body = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
    } catch {
      body = undefined;
    }
    if (path.startsWith('/files/')) {
      const image = images.get(path.slice('/files/'.length));
      if (!image) return json(res, 404, { error: { message: 'No such file' } });
      res.writeHead(200, { 'content-type': 'image/png' }).end(image);
      return;
    }
    requests.push({ method: req.method ?? '', path, headers: req.headers, text, body });
    const key = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!options.keys.includes(key)) {
      return json(res, 401, {
        error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', code: 'invalid_api_key' },
      });
    }
    if (hang) {
      hang = false;
      hanging.add(res);
      return;
    }
    if (failure) {
      const { status, message } = failure;
      failure = null;
      return json(res, status, { error: { message, type: 'server_error', code: null } });
    }
    const origin = `http://${req.headers.host}`;
    if (req.method === 'GET' && path === '/v1/models') {
      const data = (options.models ?? STAND_IN_MODELS).map((id) => ({
        id,
        object: 'model',
        created: 0,
        owned_by: 'x',
      }));
      return json(res, 200, { object: 'list', data });
    }
    if (req.method === 'POST' && path === '/v1/images/generations' && body) {
      const id = randomBytes(8).toString('hex');
      const [w, h] = String(body.size ?? '512x512')
        .split('x')
        .map(Number);
      const png = pngOf(w || 512, h || 512, String(body.prompt ?? ''));
      images.set(`${id}.png`, png);
      const item =
        body.response_format === 'b64_json'
          ? { b64_json: png.toString('base64') }
          : { url: `${origin}/files/${id}.png` };
      return json(res, 200, {
        created: Math.floor(Date.now() / 1000),
        data: [{ ...item, revised_prompt: body.prompt }],
      });
    }
    if (req.method === 'POST' && path === '/v1/chat/completions' && body) {
      const forced = forcedProposal;
      forcedProposal = null;
      const answer = answerChat(body, forced);
      if (body.stream) {
        const end = streamEnd;
        streamEnd = null;
        if (end?.kind === 'stall') hanging.add(res);
        return streamChat(res, body, answer, delay, end);
      }
      const toolCalls = answer.toolArgs
        ? [{ id: 'call_1', type: 'function', function: { name: 'propose_card', arguments: answer.toolArgs } }]
        : undefined;
      return json(res, 200, {
        id: 'chatcmpl-standin',
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: answer.content, ...(toolCalls ? { tool_calls: toolCalls } : {}) },
            finish_reason: toolCalls ? 'tool_calls' : 'stop',
          },
        ],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      });
    }
    return json(res, 404, {
      error: { message: `Unknown request ${req.method} ${path}`, type: 'invalid_request_error' },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    failNext: (status, message) => {
      failure = { status, message };
    },
    hangNext: () => {
      hang = true;
    },
    breakNextStream: () => {
      streamEnd = { kind: 'break' };
    },
    failNextStream: (message) => {
      streamEnd = { kind: 'fail', message };
    },
    stallNextStream: () => {
      streamEnd = { kind: 'stall' };
    },
    proposeNext: (args, content = 'Here is a card.') => {
      forcedProposal = { args, content };
    },
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function json(res: ServerResponse, status: number, value: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
}

type Message = { role: string; content?: string | null };

/** The answer to a chat request: a tool call proposing a chart when asked for one, else a text about the request. */
function answerChat(body: Record<string, unknown>, forced: { args: unknown; content: string } | null) {
  const messages = (body.messages ?? []) as Message[];
  const system = messages.find((m) => m.role === 'system')?.content ?? '';
  const question = [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
  const tools = (body.tools ?? []) as Array<{ function?: { name?: string } }>;
  const offersCard = tools.some((t) => t.function?.name === 'propose_card');
  const datasets = datasetsIn(system);
  if (forced) return { content: forced.content, toolArgs: JSON.stringify(forced.args) };
  if (offersCard && /\b(chart|graph|plot|average|mean|total)\b/i.test(question)) {
    const proposal = chartFor(question, datasets);
    if (proposal) return { content: proposal.content, toolArgs: JSON.stringify(proposal.args) };
  }
  const earlier = messages.filter((m) => m.role !== 'system').length - 1;
  const names = datasets.map((d) => d.name).join(', ') || 'none';
  return {
    content:
      `Mobi here. You asked: "${question.slice(0, 200)}". This project has ${datasets.length} dataset(s): ${names}. ` +
      `I remember ${earlier} earlier message(s) of this conversation.`,
    toolArgs: undefined,
  };
}

/** The dataset summary our server writes into its system prompt after the line "Datasets (JSON):". */
function datasetsIn(system: string): DatasetSummary[] {
  const at = system.indexOf('Datasets (JSON):');
  if (at < 0) return [];
  try {
    return JSON.parse(
      system
        .slice(at + 'Datasets (JSON):'.length)
        .trim()
        .split('\n')[0],
    ) as DatasetSummary[];
  } catch {
    return [];
  }
}

const DATE_PARTS: Array<[RegExp, string]> = [
  [/\bmonth/i, 'month'],
  [/\byear/i, 'year'],
  [/\bquarter/i, 'quarter'],
  [/\bweekday|day of (the )?week/i, 'dow'],
  [/\bday/i, 'year-month-day'],
];

/** A chart proposal for a question: the dataset it names, its date feature on x, the best-named number on y. */
function chartFor(question: string, datasets: DatasetSummary[]) {
  const q = question.toLowerCase();
  const dataset = datasets.find((d) => q.includes(d.name.toLowerCase())) ?? datasets[0];
  if (!dataset) return null;
  const words = q.split(/[^a-z0-9]+/).filter(Boolean);
  const score = (name: string) =>
    name
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((token) => token && words.some((w) => w.startsWith(token))).length;
  const numbers = dataset.features.filter((f) => f.type === 'number');
  const y = [...numbers].sort((a, b) => score(b.name) - score(a.name))[0];
  const date = dataset.features.find((f) => f.type === 'date');
  const x = date ?? dataset.features.find((f) => f.type === 'category');
  if (!x || !y) return null;
  const part = DATE_PARTS.find(([re]) => re.test(q))?.[1] ?? 'year-month';
  const operation = /\b(total|sum)\b/.test(q) ? 'sum' : 'avg';
  const args = {
    title: `${operation === 'sum' ? 'Total' : 'Average'} ${y.name} by ${date ? part : x.name}`,
    chartType: /\bline|trend/.test(q) ? 'line' : 'bar',
    x: { featureId: x._id, ...(date ? { operation: part } : {}) },
    y: [{ featureId: y._id, operation }],
  };
  return { content: `Here is a chart of ${y.name} by ${x.name} in ${dataset.name}.`, args };
}

/** How a streamed answer ends early, after its first pieces: cut, with the service's error event, or silent. */
type StreamEnd = { kind: 'break' } | { kind: 'fail'; message: string } | { kind: 'stall' };

async function streamChat(
  res: ServerResponse,
  body: Record<string, unknown>,
  answer: { content: string; toolArgs: string | undefined },
  delay: number,
  end: StreamEnd | null,
) {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const base = { id: 'chatcmpl-standin', object: 'chat.completion.chunk', created: 0, model: body.model };
  const send = (delta: Record<string, unknown>, finish: string | null = null) =>
    res.write(`data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`);
  const pause = () => new Promise((resolve) => setTimeout(resolve, delay));
  send({ role: 'assistant', content: '' });
  for (const [i, piece] of (answer.content.match(/\S+\s*/g) ?? []).entries()) {
    if (res.destroyed) return;
    if (end && i === 3) {
      // OpenAI's failure while it streams: an event whose data is an error object (the library throws its message).
      if (end.kind === 'fail')
        res.end(`data: ${JSON.stringify({ error: { message: end.message, type: 'server_error' } })}\n\n`);
      if (end.kind === 'break') res.destroy();
      return;
    }
    send({ content: piece });
    await pause();
  }
  if (answer.toolArgs) {
    send({
      tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'propose_card', arguments: '' } }],
    });
    for (let i = 0; i < answer.toolArgs.length; i += 40) {
      send({ tool_calls: [{ index: 0, function: { arguments: answer.toolArgs.slice(i, i + 40) } }] });
    }
  }
  send({}, answer.toolArgs ? 'tool_calls' : 'stop');
  res.end('data: [DONE]\n\n');
}

/** A PNG of one colour chosen from the prompt (so that two prompts give two images). */
function pngOf(width: number, height: number, prompt: string): Buffer {
  const hash = crc32(prompt);
  const rgb = [hash & 0xff, (hash >> 8) & 0xff, (hash >> 16) & 0xff];
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set(rgb, 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
