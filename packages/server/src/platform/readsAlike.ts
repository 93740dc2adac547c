/**
 * Reads alike, asked while one is under way, share the next one. A crowd of visitors of one public dashboard asks
 * the same few reads hundreds of times a second (whether it opens, which cards it lists); each caller here joins
 * the next read of its key, which starts once the one under way has ended, so that every caller gets a read that
 * began after it asked (it sees every change committed before its request came) while a crowd costs a read or two
 * per round trip instead of one per request. Reads of different keys, or of different owners (databases), are
 * never shared. The answer is shared: callers must not change it.
 */
export function sharingReadsAlike<Owner extends object, Args extends unknown[], Value>(
  read: (owner: Owner, ...args: Args) => Promise<Value>,
  keyOf: (...args: Args) => string,
): (owner: Owner, ...args: Args) => Promise<Value> {
  const slotsOf = new WeakMap<Owner, Map<string, Slot<Value>>>();
  return (owner, ...args) => {
    const slots = slotsOf.get(owner) ?? new Map<string, Slot<Value>>();
    slotsOf.set(owner, slots);
    const key = keyOf(...args);
    const own = slots.get(key) ?? {};
    slots.set(key, own);
    if (own.next) return own.next;
    const whenFree = own.running ?? Promise.resolve();
    own.next = whenFree.then(() => {
      own.next = undefined;
      const reading = read(owner, ...args);
      const ended = reading.then(nothing, nothing);
      own.running = ended;
      void ended.then(() => {
        if (own.running !== ended) return;
        own.running = undefined;
        if (!own.next) slots.delete(key);
      });
      return reading;
    });
    return own.next;
  };
}

/** A key's reads: the one under way (settled either way, never failing), and the next one callers join. */
interface Slot<Value> {
  running?: Promise<void>;
  next?: Promise<Value>;
}

function nothing(): void {}
