import {
  ASSISTANT,
  type AssistantMode,
  type AssistantStatus,
  type ChatMessageInput,
  type ChatStreamEvent,
  memoryOf,
  PROPOSE_CARD_TOOL,
  type ProposedCard,
  proposeCardParameters,
  visFromProposal,
} from '@tessera/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, HttpError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { type Grounding, groundingOf } from './assistant.grounding.ts';
import { imageTypeOf, saveImage } from './assistant.images.ts';
import { type Connection, LlmClients, streamError, timedOutError, upstreamError } from './assistant.llm.ts';
import { RateLimit } from './assistant.rateLimit.ts';

/**
 * An event of an answer as the service yields it: a failure is the HttpError itself, which the route throws (a JSON
 * answer) or writes as a stream's error event, with its code and params (httpErrorBody).
 */
export type AnswerEvent = Exclude<ChatStreamEvent, { type: 'error' }> | { type: 'error'; error: HttpError };

/** Largest image the service may hand over by URL (a 512x512 PNG is well under a megabyte). */
const MAX_IMAGE_BYTES = 20 * 1024 * 1024;

const cardTool: ChatCompletionTool = {
  type: 'function',
  function: {
    name: PROPOSE_CARD_TOOL,
    description: "Propose a chart card of one of the project's datasets, drawn by the application from the real data",
    parameters: proposeCardParameters as unknown as Record<string, unknown>,
  },
};

export interface ChatRequest {
  projectId: string;
  userId: string;
  /** The caller may read the project's datasets: only then is the assistant told about them. */
  canSeeDatasets: boolean;
  messages: ChatMessageInput[];
  userKey: string | undefined;
  /** Aborted when the caller goes away: the service's answer is abandoned too. */
  signal: AbortSignal;
}

/**
 * Mobi: the conversation and the images, through an OpenAI-compatible service with the server's key (or the
 * caller's own). The service learns the project's dataset names, feature types and statistics, never its rows.
 */
export class AssistantService {
  private readonly clients: LlmClients;
  private readonly limit: RateLimit;
  constructor(
    private readonly deps: Pick<AppContext, 'config' | 'counters' | 'db' | 'storage'> & { log: FastifyBaseLogger },
  ) {
    this.clients = new LlmClients(deps.config);
    this.limit = new RateLimit(deps.counters, deps.config.LLM_RATE_LIMIT_PER_MINUTE);
  }

  /** Whether the assistant can answer: a key, checked by listing the service's models. */
  async status(userKey: string | undefined): Promise<AssistantStatus> {
    const connection = this.clients.connection(userKey);
    if (!connection) return { configured: false, modes: [], models: [], keySource: 'none' };
    let models: string[];
    try {
      models = [];
      for await (const model of connection.client.models.list()) models.push(model.id);
    } catch (error) {
      throw upstreamError(error, connection.key);
    }
    const { LLM_CHAT_MODEL, LLM_IMAGE_MODEL } = this.deps.config;
    // A service that lists neither model (some compatible servers list none) is offered both modes.
    const listed = (model: string) => models.length === 0 || models.includes(model);
    const modes: AssistantMode[] = [];
    if (listed(LLM_CHAT_MODEL)) modes.push('GPT4');
    if (listed(LLM_IMAGE_MODEL)) modes.push('DALL·E');
    return { configured: true, modes, models, keySource: connection.source };
  }

  /**
   * Starts an answer: resolves once the service has accepted the request (a refusal throws the 502 before anything
   * is sent to the caller), then yields its text as it is written and, at the end, a proposed card that passed the
   * vis schema (an invalid proposal is dropped, never returned).
   */
  async chat(request: ChatRequest): Promise<AsyncGenerator<AnswerEvent>> {
    const connection = this.connectionFor(request.userKey);
    await this.limit.take(request.userId);
    const grounding = await groundingOf(this.deps.db, request.projectId, request.canSeeDatasets);
    const memory = memoryOf(request.messages, ASSISTANT.historyTokens);
    const messages: ChatCompletionMessageParam[] = [
      { role: 'system', content: grounding.system },
      ...memory.map((m): ChatCompletionMessageParam => ({ role: m.ai ? 'assistant' : 'user', content: m.text })),
    ];
    const idle = new IdleTimeout(this.deps.config.LLM_TIMEOUT_SECONDS * 1000, request.signal);
    try {
      const stream = await connection.client.chat.completions.create(
        {
          model: this.deps.config.LLM_CHAT_MODEL,
          temperature: ASSISTANT.temperature,
          messages,
          stream: true,
          ...(grounding.catalog.size > 0 ? { tools: [cardTool] } : {}),
        },
        { signal: idle.signal },
      );
      return this.answer(stream, grounding, connection, idle);
    } catch (error) {
      idle.clear();
      throw idle.timedOut ? timedOutError() : upstreamError(error, connection.key);
    }
  }

  private async *answer(
    stream: AsyncIterable<{ choices: Array<{ delta?: { content?: string | null; tool_calls?: ToolDelta[] } }> }>,
    grounding: Grounding,
    connection: Connection,
    idle: IdleTimeout,
  ): AsyncGenerator<AnswerEvent> {
    let text = '';
    const calls: Array<{ name: string; args: string }> = [];
    try {
      for await (const chunk of stream) {
        idle.touch();
        const delta = chunk.choices[0]?.delta;
        if (delta?.content) {
          text += delta.content;
          yield { type: 'delta', text: delta.content };
        }
        for (const call of delta?.tool_calls ?? []) {
          calls[call.index] ??= { name: '', args: '' };
          const entry = calls[call.index];
          entry.name += call.function?.name ?? '';
          entry.args += call.function?.arguments ?? '';
        }
      }
    } catch (error) {
      yield { type: 'error', error: streamError(error, connection.key, idle.timedOut) };
      return;
    } finally {
      idle.clear();
    }
    // The library ends a stream it aborted as if it were complete: a silence past the timeout is a failure.
    if (idle.timedOut) {
      yield { type: 'error', error: timedOutError() };
      return;
    }
    const card = this.proposedCard(calls, grounding);
    // Nothing to show (no text, and a proposal that did not validate): a failure, not an empty answer.
    if (!card && text.trim() === '') {
      yield { type: 'error', error: new HttpError('upstream', 'assistant.noAnswer') };
      return;
    }
    if (card) yield { type: 'card', card };
    yield { type: 'done', text };
  }

  /** The first proposal that passes the vis schema and names only features the service was told about. */
  private proposedCard(calls: Array<{ name: string; args: string }>, grounding: Grounding): ProposedCard | undefined {
    for (const call of calls) {
      if (call?.name !== PROPOSE_CARD_TOOL) continue;
      let args: unknown;
      try {
        args = JSON.parse(call.args);
      } catch {
        this.deps.log.info('the assistant proposed a card whose arguments are not JSON: dropped');
        continue;
      }
      const result = visFromProposal(args, grounding.catalog);
      if (result.ok) return result.card;
      this.deps.log.info({ reason: result.error }, 'the assistant proposed an invalid card: dropped');
    }
    return undefined;
  }

  /** One 512x512 image, kept under the project; its URL is our API's, served with the member's access. */
  async image(
    projectId: string,
    userId: string,
    prompt: string,
    userKey: string | undefined,
  ): Promise<{ url: string }> {
    const connection = this.connectionFor(userKey);
    await this.limit.take(userId);
    const idle = new IdleTimeout(this.deps.config.LLM_TIMEOUT_SECONDS * 1000);
    let bytes: Buffer;
    try {
      const answer = await connection.client.images.generate(
        {
          model: this.deps.config.LLM_IMAGE_MODEL,
          prompt,
          n: 1,
          size: ASSISTANT.imageSize,
          response_format: 'b64_json',
        },
        { signal: idle.signal },
      );
      const image = answer.data?.[0];
      if (image?.b64_json) bytes = Buffer.from(image.b64_json, 'base64');
      else if (image?.url) bytes = await download(image.url, idle.signal);
      else throw new HttpError('upstream', 'assistant.noImage');
    } catch (error) {
      throw idle.timedOut ? timedOutError() : upstreamError(error, connection.key);
    } finally {
      idle.clear();
    }
    if (!imageTypeOf(bytes)) throw new HttpError('upstream', 'assistant.notImage');
    const imageId = newId();
    await saveImage(this.deps.storage, projectId, imageId, bytes);
    return { url: `/api/v1/projects/${projectId}/assistant/images/${imageId}` };
  }

  private connectionFor(userKey: string | undefined): Connection {
    const connection = this.clients.connection(userKey);
    if (!connection) throw badRequest('assistant.notConfigured');
    return connection;
  }
}

interface ToolDelta {
  index: number;
  function?: { name?: string; arguments?: string };
}

/** Aborts a call when the service stays silent too long (reset by every piece it sends) or the caller leaves. */
class IdleTimeout {
  private readonly controller = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  timedOut = false;
  constructor(
    private readonly ms: number,
    caller?: AbortSignal,
  ) {
    caller?.addEventListener('abort', () => this.controller.abort(), { once: true });
    this.touch();
  }
  get signal() {
    return this.controller.signal;
  }
  touch() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timedOut = true;
      this.controller.abort();
    }, this.ms);
  }
  clear() {
    clearTimeout(this.timer);
  }
}

/** An image the service handed over by URL, fetched once and kept (its link would expire). */
async function download(url: string, signal: AbortSignal): Promise<Buffer> {
  const response = await fetch(url, { signal, redirect: 'follow' });
  if (!response.ok)
    throw new HttpError('upstream', { code: 'assistant.imageNotFetched', params: { status: response.status } });
  const length = Number(response.headers.get('content-length') ?? 0);
  if (length > MAX_IMAGE_BYTES) throw new HttpError('upstream', 'assistant.imageTooLarge');
  const bytes = Buffer.from(await response.arrayBuffer());
  if (bytes.length > MAX_IMAGE_BYTES) throw new HttpError('upstream', 'assistant.imageTooLarge');
  return bytes;
}
