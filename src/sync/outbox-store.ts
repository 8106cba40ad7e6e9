/**
 * The outbox as the page, the flusher and the service worker all see it: one
 * interface, one transaction per call, over the phone's database (db/idb.ts).
 * A change and its entry are written in one transaction by the capability
 * that owns the change (`enqueue`, entries.ts); what the outbox does to an
 * entry afterwards (deliver, park, retry) it does with the entry's kind's
 * hooks, in the same transaction.
 */
// Not db/index.ts: the service worker runs this store, and carries no Dexie.
import type { PhoneDatabase, StoreName, Tx } from '../db/idb.ts';
import { kindOf, type ParkedEntry, type Queued, type QueuedEntry, type SyncState } from './entries.ts';
import type { OutboxKind, OutboxKinds, ParkedStanding } from './kinds.ts';
import type { SyncSnapshot } from './status.ts';

/** Which parked entries go back to the queue: all, or those parked by another version than `appVersion`; none of the kinds `except` names. */
export type ParkedSelection = ({ readonly all: true } | { readonly parkedBefore: string }) & { readonly except?: readonly string[] };

/** What the status line says of the queue: all it shows but the signal and the clock. */
export type QueueSummary = Omit<SyncSnapshot, 'online' | 'now'>;

export interface OutboxStore {
  /**
   * The next entries to send, at most `limit`, in one read: the entries of a
   * kind sent first if any are queued, else the queue in order, leaving out
   * the entries a kind holds back and those of the kinds `passOver` names.
   */
  head(limit: number, passOver?: ReadonlySet<string>): Promise<Queued[]>;
  /** The server has these entries: they leave the queue. */
  delivered(seqs: readonly number[]): Promise<void>;
  /** Moves these entries to the parked ones, each kind marking its records refused. */
  park(seqs: readonly number[], stamp: Omit<ParkedEntry, 'id' | 'entry' | 'kind'>): Promise<void>;
  /** Writes what the status line shows; a state equal to the kept one writes nothing. */
  recordSyncState(state: SyncState): Promise<void>;
  /**
   * Puts the selected parked entries back in the queue, as new entries after
   * what is queued, sent as the phone holds things now (so their place does
   * not matter). Returns how many left the parked ones.
   */
  retryParked(which: ParkedSelection): Promise<number>;
  /** The seq of every entry in the queue. */
  queuedSeqs(): Promise<number[]>;
  summary(): Promise<QueueSummary>;
  /** The stores whose changes may change the summary: the queue's own, and those a kind reads to judge its parked entries. */
  watched(): StoreName[];
}

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null;
const unique = (stores: readonly StoreName[]): StoreName[] => [...new Set(stores)];

/** The stores the kinds that have this hook touch, after `base`. */
function storesOf(kinds: OutboxKinds, base: readonly StoreName[], hook: 'delivered' | 'parked' | 'retried' | 'stands'): StoreName[] {
  return unique([...base, ...kinds.all().flatMap((kind) => (kind[hook] ? (kind.stores ?? []) : []))]);
}

/** Seqs as runs of consecutive numbers, [first, last], in order: [1, 2, 3, 7] → [[1, 3], [7, 7]]. */
function seqRuns(seqs: readonly number[]): [number, number][] {
  const runs: [number, number][] = [];
  for (const seq of [...new Set(seqs)].sort((a, b) => a - b)) {
    const last = runs.at(-1);
    if (last && seq === last[1] + 1) last[1] = seq;
    else runs.push([seq, seq]);
  }
  return runs;
}

/** The entry without its old seq: the queue gives it the next one. */
function asNewEntry(entry: QueuedEntry): QueuedEntry {
  const fresh: { seq?: number } & Omit<QueuedEntry, 'seq'> = { ...entry };
  delete fresh.seq;
  return fresh;
}

/** Entries of these kinds, counted through the kind index. */
async function countKinds(tx: Tx, names: readonly string[]): Promise<number> {
  const counts = await Promise.all(names.map((name) => tx.count('outbox', { index: 'kind', only: name })));
  return counts.reduce((sum, count) => sum + count, 0);
}

/** What a parked entry still means, as its kind judges it now; an entry no kind knows (or can read) stays open, in sight. */
async function standing(tx: Tx, kinds: OutboxKinds, item: ParkedEntry): Promise<ParkedStanding> {
  const kind = kinds.of(kindOf(item.entry));
  const checked = kind?.check(item.entry as QueuedEntry);
  if (!kind?.stands || checked === undefined || typeof checked === 'string') return 'open';
  return kind.stands(tx, checked, item.error);
}

async function summarize(tx: Tx, kinds: OutboxKinds): Promise<QueueSummary> {
  // Kinds the line does not count while queued (a guest's row, a host's mark).
  const unseen = kinds.all().flatMap((kind) => (kind.line?.queued === true ? [] : kind.names));
  const [queued, notCounted, oldest, parked, state] = await Promise.all([
    tx.count('outbox'),
    countKinds(tx, unseen),
    tx.getAll('outbox', { limit: 1 }),
    tx.getAll('parked'),
    tx.get('syncState', 'flush'),
  ]);
  // An entry of no known kind counts as another change refused; one of a kind off the line, not at all.
  const refusedAs = (item: ParkedEntry) => {
    const kind = kinds.of(kindOf(item.entry));
    return kind ? kind.line?.refused : 'other';
  };
  // A refused change whose subject left the phone (a refused pick taken off the tab) no longer asks anything of the guest.
  const judged = await Promise.all(parked.map(async (item) => ({ as: refusedAs(item), standing: await standing(tx, kinds, item) })));
  const standingOnLine = judged.filter((item) => item.standing !== 'gone' && item.as !== undefined);
  return {
    pending: queued - notCounted,
    oldestQueuedAt: oldest[0]?.queuedAt,
    rejectedOrders: standingOnLine.filter((item) => item.as === 'orders').length,
    rejectedOther: standingOnLine.filter((item) => item.as === 'other').length,
    retriable: standingOnLine.filter((item) => item.standing === 'open').length,
    configError: state?.configError,
  };
}

/** The kinds' holds, read once each: whether an entry waits. */
async function heldIn(tx: Tx, kinds: OutboxKinds, passOver: ReadonlySet<string>): Promise<((entry: QueuedEntry) => boolean) | null> {
  const holds = [...new Set(kinds.all().flatMap((kind) => (kind.holds ? [kind.holds] : [])))];
  const judged = new Map(await Promise.all(holds.map(async (hold) => [hold, await hold.read(tx)] as const)));
  const anyHeld = [...judged.values()].some((held) => held !== null);
  if (!anyHeld && passOver.size === 0) return null;
  return (entry) => {
    const name = kindOf(entry);
    if (passOver.has(name)) return true;
    const hold = kinds.of(name)?.holds;
    return hold ? (judged.get(hold)?.(entry) ?? false) : false;
  };
}

export function outboxStore(database: PhoneDatabase, kinds: OutboxKinds): OutboxStore {
  const hooked = async (tx: Tx, seqs: readonly number[]) => {
    const found = await Promise.all(seqRuns(seqs).map(([from, to]) => tx.getAll('outbox', { from, to })));
    return found.flat() as Queued[];
  };
  /** A batch's entries leave the outbox a run of consecutive seqs at a time: one request for the usual batch of 500, not 500. */
  const drop = (tx: Tx, seqs: readonly number[]) => {
    for (const [from, to] of seqRuns(seqs)) void tx.deleteRange('outbox', from, to);
  };
  /** Each entry with the kind that knows it, as its kind reads it. */
  const owned = (entries: readonly QueuedEntry[]) =>
    entries.flatMap((entry) => {
      const kind = kinds.of(kindOf(entry));
      const checked = kind?.check(entry);
      return kind && checked !== undefined && typeof checked !== 'string' ? [{ kind, entry: checked }] : [];
    });
  const byKind = (items: readonly { kind: OutboxKind; entry: QueuedEntry }[]) => {
    const groups = new Map<OutboxKind, QueuedEntry[]>();
    for (const { kind, entry } of items) groups.set(kind, [...(groups.get(kind) ?? []), entry]);
    return groups;
  };

  return {
    head: (limit, passOver = new Set()) =>
      database.read(unique(['outbox', ...kinds.all().flatMap((kind) => kind.holds?.stores ?? [])]), async (tx) => {
        // A kind sent first goes alone, in its own order: the kind index lists entries in seq order within a kind.
        for (const kind of kinds.all().filter((candidate) => candidate.first)) {
          for (const name of kind.names) {
            if (passOver.has(name)) continue;
            const waiting = await tx.getAll('outbox', { index: 'kind', only: name, limit });
            if (waiting.length > 0) return waiting as Queued[];
          }
        }
        const held = await heldIn(tx, kinds, passOver);
        if (!held) return (await tx.getAll('outbox', { limit })) as Queued[];
        return (await tx.filter('outbox', (entry) => !held(entry), limit)) as Queued[];
      }),
    delivered: (seqs) =>
      database.write(storesOf(kinds, ['outbox'], 'delivered'), async (tx) => {
        const entries = await hooked(tx, seqs);
        drop(tx, seqs);
        for (const [kind, mine] of byKind(owned(entries))) await kind.delivered?.(tx, mine);
      }),
    park: (seqs, stamp) =>
      database.write(storesOf(kinds, ['outbox', 'parked'], 'parked'), async (tx) => {
        const entries = await hooked(tx, seqs);
        for (const entry of entries) void tx.add('parked', { entry, kind: kindOf(entry), ...stamp });
        drop(tx, seqs);
        for (const { kind, entry } of owned(entries)) await kind.parked?.(tx, entry, stamp.error);
      }),
    async recordSyncState(state) {
      // Almost every pass ends as the last one did: a read, and a write only when it changed.
      const kept = await database.read(['syncState'], (tx) => tx.get('syncState', 'flush'));
      if (kept !== undefined && kept.configError === state.configError) return;
      await database.write(['syncState'], async (tx) => {
        await tx.put('syncState', state);
      });
    },
    retryParked: (which) =>
      database.write(unique([...storesOf(kinds, ['parked', 'outbox'], 'retried'), ...storesOf(kinds, [], 'stands')]), async (tx) => {
        const chosen = (item: ParkedEntry) => ('all' in which || item.appVersion !== which.parkedBefore) && !(which.except ?? []).includes(kindOf(item.entry));
        // Something that is not even an object cannot be queued; it stays parked, in sight.
        const candidates = (await tx.getAll('parked')).filter((item) => chosen(item) && isObject(item.entry));
        // Refused for a reason that still holds: sending it again would only be refused again.
        const judged = await Promise.all(candidates.map(async (item) => ({ item, standing: await standing(tx, kinds, item) })));
        const items = judged.flatMap(({ item, standing: now }) => (now === 'holds' ? [] : [item]));
        for (const item of items) {
          const entry = item.entry as QueuedEntry;
          const kind = kinds.of(kindOf(entry));
          const checked = kind?.check(entry);
          // A malformed entry goes back as it was: the flusher checks it again and parks it again.
          const now = kind?.retried && checked !== undefined && typeof checked !== 'string' ? await kind.retried(tx, checked) : entry;
          if (item.id !== undefined) void tx.delete('parked', item.id);
          if (now !== null) void tx.add('outbox', asNewEntry(now));
        }
        return items.length;
      }),
    queuedSeqs: () => database.read(['outbox'], async (tx) => (await tx.keys('outbox')) as number[]),
    summary: () => database.read(storesOf(kinds, ['outbox', 'parked', 'syncState'], 'stands'), (tx) => summarize(tx, kinds)),
    watched: () => storesOf(kinds, ['outbox', 'parked', 'syncState'], 'stands'),
  };
}
