import {
  checkRunInputs,
  occurrenceFrom,
  type ProjectEventName,
  type Trigger,
  type TriggerPattern,
} from '@tessera/shared';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { RealtimeGateway } from '../../platform/realtime.ts';
import { findModelProject } from '../models/index.ts';
import type { Clock } from './clock.ts';
import {
  deleteTriggerRow,
  findTrigger,
  insertTrigger,
  listTriggers,
  modelInputsOf,
  type TriggerRow,
  updateTriggerRow,
} from './triggers.store.ts';

type TriggerInputs = Array<{ varName: string; value?: unknown }>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentTrigger(row: TriggerRow): Trigger {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    status: row.status,
    type: 'scheduled',
    modelId: row.modelId,
    projectId: row.projectId,
    userId: row.userId,
    inputs: row.inputs.map((i) => ({ varName: i.varName, value: i.value })),
    pattern: row.pattern,
    nextRunAt: row.status === 'active' ? iso(row.nextRunAt) : null,
    lastRunAt: iso(row.lastRunAt),
    timeCreated: row.timeCreated.toISOString(),
  };
}

/** Scheduled runs. */
export class TriggersService {
  private readonly db: Db;
  private readonly realtime: RealtimeGateway;
  constructor(
    deps: { db: Db; realtime: RealtimeGateway },
    private readonly clock: Clock,
  ) {
    this.db = deps.db;
    this.realtime = deps.realtime;
  }

  private async get(id: string): Promise<TriggerRow> {
    const row = await findTrigger(this.db, id);
    if (!row) throw notFound('trigger.notFound');
    return row;
  }

  /** The first occurrence from now on (a new or resumed trigger never runs what lies behind it). */
  private nextFromNow(pattern: TriggerPattern): Date | null {
    return occurrenceFrom(pattern, this.clock());
  }

  private emit(event: ProjectEventName, row: TriggerRow, deleted = false) {
    const gateway = this.realtime;
    if (event === 'trigger:updated') {
      gateway.emit(row.projectId, event, { _id: row.id, modelId: row.modelId, deleted }, { area: 'model' });
    } else gateway.emit(row.projectId, event, presentTrigger(row), { area: 'model' });
  }

  /** The inputs must be the model's (names known, values of the right type): 400 naming each, nothing saved. */
  private async checkInputs(modelId: string, inputs: TriggerInputs) {
    const modelInputs = await modelInputsOf(this.db, modelId);
    if (!modelInputs) throw notFound();
    const { fields } = checkRunInputs(
      modelInputs,
      inputs.map((i) => ({ varName: i.varName, value: i.value })),
    );
    const prefixed = Object.fromEntries(Object.entries(fields).map(([k, v]) => [`inputs.${k}`, v]));
    if (Object.keys(prefixed).length) throw badRequest(Object.values(prefixed)[0], prefixed);
  }

  async list(scope: { projectId?: string; modelId?: string }): Promise<Trigger[]> {
    return (await listTriggers(this.db, scope)).map(presentTrigger);
  }

  async show(id: string): Promise<Trigger> {
    return presentTrigger(await this.get(id));
  }

  async create(
    userId: string,
    body: {
      name: string;
      description: string;
      modelId: string;
      projectId: string;
      inputs: TriggerInputs;
      pattern: TriggerPattern;
    },
  ): Promise<Trigger> {
    if ((await findModelProject(this.db, body.modelId)) !== body.projectId) {
      throw badRequest('trigger.modelMismatch', { projectId: 'trigger.modelMismatch' });
    }
    await this.checkInputs(body.modelId, body.inputs);
    const row = await insertTrigger(this.db, {
      id: newId(),
      projectId: body.projectId,
      modelId: body.modelId,
      userId,
      name: body.name,
      description: body.description,
      status: 'active',
      inputs: body.inputs,
      pattern: body.pattern,
      nextRunAt: this.nextFromNow(body.pattern),
    });
    this.emit('trigger:created', row);
    return presentTrigger(row);
  }

  async update(
    id: string,
    change: { name?: string; description?: string; inputs?: TriggerInputs; pattern?: TriggerPattern },
  ): Promise<Trigger> {
    const row = await this.get(id);
    if (change.inputs) await this.checkInputs(row.modelId, change.inputs);
    const updated = await updateTriggerRow(this.db, id, {
      ...change,
      ...(change.pattern ? { nextRunAt: this.nextFromNow(change.pattern) } : {}),
    });
    if (!updated) throw notFound('trigger.notFound');
    this.emit('trigger:updated', updated);
    return presentTrigger(updated);
  }

  /** Pause: once this answers, no worker fires it (the fire's claim reads the status in its transaction). */
  async pause(id: string): Promise<Trigger> {
    await this.get(id);
    const row = await updateTriggerRow(this.db, id, { status: 'inactive' });
    if (!row) throw notFound('trigger.notFound');
    this.emit('trigger:paused', row);
    return presentTrigger(row);
  }

  /** Resume: from the next occurrence on; what fell in the pause is not run. */
  async activate(id: string): Promise<Trigger> {
    const current = await this.get(id);
    const row = await updateTriggerRow(this.db, id, {
      status: 'active',
      nextRunAt: this.nextFromNow(current.pattern),
    });
    if (!row) throw notFound('trigger.notFound');
    this.emit('trigger:activated', row);
    return presentTrigger(row);
  }

  /** Deletes the trigger and its fire rows; the runs it made stay in the model's history, still marked scheduled. */
  async delete(id: string): Promise<void> {
    const row = await this.get(id);
    if (!(await deleteTriggerRow(this.db, id))) throw notFound('trigger.notFound');
    this.emit('trigger:updated', row, true);
  }
}
