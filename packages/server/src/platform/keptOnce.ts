import type { LRUCache } from 'lru-cache';

/**
 * Values kept in a least-recently-used cache and made once: a key not kept is made by its first caller, and every
 * caller alike that asks meanwhile waits for that one making instead of making its own (a crowd's first filter
 * change asks for the same few things at once). What is made is kept when `keep` says so; a making that fails
 * fails its waiting callers and keeps nothing, so the next caller makes it again.
 */
export class KeptOnce<Value extends {}> {
  private readonly making = new Map<string, Promise<Value>>();

  constructor(
    private readonly kept: LRUCache<string, Value>,
    private readonly keep: (value: Value) => boolean = () => true,
  ) {}

  /** The value of `key`: kept, being made, or made now by `make`; `shared` unless this call made it. */
  async get(key: string, make: () => Promise<Value>): Promise<{ value: Value; shared: boolean }> {
    const kept = this.kept.get(key);
    if (kept !== undefined) return { value: kept, shared: true };
    const making = this.making.get(key);
    if (making) return { value: await making, shared: true };
    const made = make()
      .then((value) => {
        if (this.keep(value)) this.kept.set(key, value);
        return value;
      })
      .finally(() => this.making.delete(key));
    this.making.set(key, made);
    return { value: await made, shared: false };
  }
}
