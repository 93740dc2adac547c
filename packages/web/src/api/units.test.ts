import { QueryClient } from '@tanstack/react-query';
import type { Unit } from '@tessera/shared';
import { describe, expect, it } from 'vitest';
import { sameSavedCard, unitDataKeys, unitsDataSettled } from './units.ts';

const unit = (
  id: string,
  vis: Record<string, unknown> = { table: [] },
): Pick<Unit, '_id' | 'type' | 'subtype' | 'vis'> => ({
  _id: id,
  type: 'table',
  subtype: null,
  vis,
});
const args = (page: number) => ({ place: { kind: 'preview' as const, projectId: 'p' }, page, enabled: true });
const answer = { data: [], series: [], features: [], pages: null, jobId: null, error: null };

describe('the preview waits for its cards’ data', () => {
  it('is settled only once every card has answered or failed, and nothing is in flight', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    expect(unitsDataSettled(client, [])).toBe(true);
    expect(unitsDataSettled(client, ['a'])).toBe(false);

    let release: (value: typeof answer) => void = () => {};
    const pending = client.fetchQuery({
      queryKey: unitDataKeys.request(unit('a'), args(1)),
      queryFn: () => new Promise<typeof answer>((resolve) => (release = resolve)),
    });
    expect(unitsDataSettled(client, ['a'])).toBe(false);
    release(answer);
    await pending;
    expect(unitsDataSettled(client, ['a'])).toBe(true);

    await client
      .fetchQuery({ queryKey: unitDataKeys.request(unit('b'), args(1)), queryFn: () => Promise.reject(new Error('x')) })
      .catch(() => undefined);
    expect(unitsDataSettled(client, ['a', 'b'])).toBe(true);
    expect(unitsDataSettled(client, ['a', 'b', 'c'])).toBe(false);
  });
});

describe('keeping the previous answer', () => {
  it('only between requests of the same saved card (page, sort or filters changed)', () => {
    const first = unitDataKeys.request(unit('a'), args(1));
    expect(sameSavedCard(first, unitDataKeys.request(unit('a'), args(2)))).toBe(true);
    expect(sameSavedCard(first, unitDataKeys.request(unit('a', { table: [{ id: 'x' }] }), args(1)))).toBe(false);
    expect(sameSavedCard(first, unitDataKeys.request(unit('b'), args(1)))).toBe(false);
  });
});
