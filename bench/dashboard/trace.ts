/**
 * What a profiled load's main-thread tasks spent their CPU on (`MainThreadTrace` with `profile`): the modules
 * they evaluated, and the V8 CPU samples in them summed by source module and by the app's own functions, through
 * the web build's source maps.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { MainThreadTask, MainThreadTraceResult, TraceEvent } from '../../e2e/support/mainThreadTrace.ts';

export class TaskAttribution {
  private readonly events: TraceEvent[];
  private readonly mark: TraceEvent;

  constructor({ events, mark }: MainThreadTraceResult) {
    this.events = events;
    this.mark = mark;
  }

  /** The modules evaluated in the task (chunk evaluation is one task of its own). */
  evaluations(task: MainThreadTask): string[] {
    return this.events
      .filter(
        (e) =>
          e.pid === this.mark.pid &&
          e.tid === this.mark.tid &&
          (e.name === 'v8.evaluateModule' || e.name === 'EvaluateScript') &&
          e.ts >= task.ts &&
          e.ts <= task.end,
      )
      .map((e) => `evaluates a module ${Math.round((e.dur ?? 0) / 1000)} ms`);
  }

  /**
   * The CPU samples in the task summed by source module (self) and by the app's own functions (inclusive), in
   * ms; empty without the profiler.
   */
  attribution(
    task: MainThreadTask,
    webDist: string,
  ): { modules: Map<string, number>; appFunctions: Map<string, number> } {
    const samples = this.samples();
    const modules = new Map<string, number>();
    const appFunctions = new Map<string, number>();
    const add = (map: Map<string, number>, key: string, ms: number) => map.set(key, (map.get(key) ?? 0) + ms);
    for (const sample of samples.list) {
      if (sample.ts < task.ts || sample.ts > task.end) continue;
      add(modules, samples.frame(sample.node, webDist).module, sample.ms);
      const seen = new Set<string>();
      for (let node: number | undefined = sample.node; node !== undefined; node = samples.parent(node)) {
        const frame = samples.frame(node, webDist);
        if (!frame.module.startsWith('src/') || seen.has(frame.name)) continue;
        seen.add(frame.name);
        add(appFunctions, frame.name, sample.ms);
      }
    }
    return { modules, appFunctions };
  }

  private cachedSamples?: Samples;
  private samples(): Samples {
    this.cachedSamples ??= new Samples(this.events, this.mark);
    return this.cachedSamples;
  }
}

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };

/** The V8 profile's samples of the main thread, each with the ms until the next. */
class Samples {
  readonly list: Array<{ ts: number; node: number; ms: number }> = [];
  private readonly nodes = new Map<number, { frame: CallFrame; parent?: number }>();
  private readonly frames = new Map<number, { name: string; module: string }>();
  private readonly maps = new SourceMaps();

  constructor(events: TraceEvent[], mark: TraceEvent) {
    const profile = events.find((e) => e.name === 'Profile' && e.pid === mark.pid && e.tid === mark.tid);
    if (!profile) return;
    let ts = Number(profile.args?.data?.startTime ?? 0);
    for (const event of events) {
      if (event.name !== 'ProfileChunk' || event.id !== profile.id) continue;
      const data = event.args?.data as {
        cpuProfile?: { nodes?: Array<{ id: number; callFrame: CallFrame; parent?: number }>; samples?: number[] };
        timeDeltas?: number[];
      };
      for (const node of data.cpuProfile?.nodes ?? [])
        this.nodes.set(node.id, { frame: node.callFrame, parent: node.parent });
      (data.cpuProfile?.samples ?? []).forEach((node, i) => {
        ts += data.timeDeltas?.[i] ?? 0;
        this.list.push({ ts, node, ms: 0 });
      });
    }
    this.list.sort((a, b) => a.ts - b.ts);
    this.list.forEach((sample, i) => {
      sample.ms = Math.min(((this.list[i + 1]?.ts ?? sample.ts) - sample.ts) / 1000, 5);
    });
  }

  parent(node: number): number | undefined {
    return this.nodes.get(node)?.parent;
  }

  frame(node: number, webDist: string): { name: string; module: string } {
    let known = this.frames.get(node);
    if (!known) {
      const frame = this.nodes.get(node)?.frame;
      known = frame ? this.maps.place(frame, webDist) : { name: '?', module: '?' };
      this.frames.set(node, known);
    }
    return known;
  }
}

/** A built asset's place → its source module and function name, through the build's source maps. */
class SourceMaps {
  private readonly maps = new Map<string, { sources: string[]; names: string[]; lines: number[][][] } | null>();

  place(frame: CallFrame, webDist: string): { name: string; module: string } {
    const asset = (frame.url ?? '').split('/assets/')[1];
    if (!asset) {
      const native = frame.functionName || '(anonymous)';
      return { name: native, module: native.startsWith('(') ? native : '(native)' };
    }
    const map = this.load(path.join(webDist, 'assets', `${asset}.map`));
    const segments = map?.lines[frame.lineNumber];
    if (!map || !segments?.length) return { name: frame.functionName, module: asset };
    let best = segments[0] as number[];
    for (const segment of segments) if ((segment[0] as number) <= frame.columnNumber) best = segment;
    const source = map.sources[best[1] as number] ?? asset;
    const name = best[4] !== undefined ? map.names[best[4]] : frame.functionName;
    return { name: `${name || '(anonymous)'} (${shortSource(source)})`, module: moduleOf(source) };
  }

  private load(file: string) {
    if (!this.maps.has(file)) {
      if (!existsSync(file)) this.maps.set(file, null);
      else {
        const raw = JSON.parse(readFileSync(file, 'utf8')) as { sources: string[]; names: string[]; mappings: string };
        this.maps.set(file, { sources: raw.sources, names: raw.names, lines: decodeMappings(raw.mappings) });
      }
    }
    return this.maps.get(file);
  }
}

const shortSource = (source: string) =>
  source
    .replace(/^.*node_modules\//, '')
    .replace(/^(\.\.\/)+src\//, 'src/')
    .replace(/^(\.\.\/)+/, '');

/** A package (echarts and zrender: their folder, e.g. echarts/chart/pie), or the app's own file. */
function moduleOf(source: string): string {
  const short = shortSource(source);
  if (!source.includes('node_modules/')) return short;
  const parts = short.split('/');
  const scoped = parts[0]?.startsWith('@');
  const name = scoped ? `${parts[0]}/${parts[1]}` : (parts[0] as string);
  const rest = parts.slice(scoped ? 2 : 1);
  if (name === 'echarts' || name === 'zrender') return `${name}/${rest.slice(1, 3).join('/')}`;
  return name;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** A source map's `mappings` (base64 VLQ): per generated line, [column, source, line, column, name?] segments. */
function decodeMappings(mappings: string): number[][][] {
  const state = { source: 0, line: 0, column: 0, name: 0 };
  return mappings.split(';').map((line) => {
    let column = 0;
    return line
      .split(',')
      .filter(Boolean)
      .map((text) => {
        const values: number[] = [];
        let value = 0;
        let shift = 0;
        for (const char of text) {
          const digit = BASE64.indexOf(char);
          value += (digit & 31) * 2 ** shift;
          if (digit & 32) shift += 5;
          else {
            values.push(value % 2 ? -(value - 1) / 2 : value / 2);
            value = 0;
            shift = 0;
          }
        }
        column += values[0] ?? 0;
        if (values.length < 4) return [column];
        state.source += values[1] as number;
        state.line += values[2] as number;
        state.column += values[3] as number;
        if (values.length < 5) return [column, state.source, state.line, state.column];
        state.name += values[4] as number;
        return [column, state.source, state.line, state.column, state.name];
      });
  });
}
