/**
 * The outbox is generic: each capability registers the kinds of change it
 * queues (the tab its orders, removals, resets and the guest's row; the host
 * its paid marks) and says, through an OutboxKind, how an entry is checked,
 * sent (alone or in a run with the entries after it), marked on the phone
 * when delivered or refused, and rewritten when a parked one goes back on
 * 'Reintentar'. The outbox keeps the order, the lock, the backoff, the
 * parking and the status line's counts; it never imports a capability.
 */
import type { StoreName, Tx } from '../db/idb.ts';
import type { Queued, QueuedEntry } from './entries.ts';

/** What one send did: went through (each entry delivered or parked by the kind), or the pass stops or passes over. */
export type Step =
  | { readonly kind: 'sent' }
  /** A server down or busy: the pass stops, the scheduler tries again with backoff; with no signal (`noSignal`), as soon as a probe finds it. */
  | { readonly kind: 'retry'; readonly retryAfterMs?: number | undefined; readonly error: string; readonly noSignal?: true }
  /** The project is misconfigured: the pass stops, the status line says so, nothing is dropped. */
  | { readonly kind: 'config'; readonly error: string }
  /** This kind cannot be sent from here now (no host key on this page): its entries wait, the others go on. */
  | { readonly kind: 'held' };

export const SENT: Step = { kind: 'sent' };

/** What a parked entry still means on the phone (OutboxKind's `stands`). */
export type ParkedStanding = 'gone' | 'holds' | 'open';

/** What a kind's send may do with the queue during a pass. */
export interface Pass {
  /** The server has these entries: they leave the queue (the kind's `delivered` marks its records in the same transaction). */
  delivered(entries: readonly Queued[]): Promise<void>;
  /** The server refuses these for good: they move to the parked entries with the reason (the kind's `parked` marks its records). */
  park(entries: readonly Queued[], error: string): Promise<void>;
  /** True the first time `key` is asked in this pass: what is done once per pass (a lost guest's row queued again). */
  once(key: string): boolean;
  readonly now: () => number;
}

/**
 * Which queued entries must wait while the rest go on (a guest whose name
 * the server refused: their changes wait, in order, for the new name).
 * Read in the transaction that reads the queue's head.
 */
export interface OutboxHold {
  readonly stores: readonly StoreName[];
  read(tx: Tx): Promise<((entry: QueuedEntry) => boolean) | null>;
}

export interface OutboxKind<Entry extends QueuedEntry = QueuedEntry> {
  /** The `kind` its entries carry. */
  readonly names: readonly string[];
  /** An entry as read back from storage, or why it cannot be sent (it is parked, never retried forever). */
  check(entry: QueuedEntry): Entry | string;
  /**
   * Consecutive entries of the kind sent in one request: at most `max`, and, when the kind says each
   * entry's `bytes`, while they and a separator between each stay within MAX_BATCH_BYTES. None: one at a time.
   */
  readonly batch?: { readonly max: number; bytes?(entry: Entry): number };
  /** Sent ahead of everything else: what other entries depend on (the guest's row, which every order needs). */
  readonly first?: boolean;
  readonly holds?: OutboxHold;
  /** Stores its `delivered`, `parked` and `retried` read or write beside the outbox. */
  readonly stores?: readonly StoreName[];
  send(run: readonly Queued<Entry>[], pass: Pass): Promise<Step>;
  delivered?(tx: Tx, entries: readonly Entry[]): Promise<void>;
  parked?(tx: Tx, entry: Entry, error: string): Promise<void>;
  /** A parked entry as it goes back to the queue, as the phone holds things now; null when nothing is left to send. */
  retried?(tx: Tx, entry: Entry): Promise<Entry | null>;
  /**
   * What a parked entry still means on the phone, read where the status line counts it and before 'Reintentar'
   * sends it: 'gone' once what it was about is off the phone (the line forgets it; 'Reintentar' hands it to
   * `retried`, which says what is left to send), 'holds' while the server's reason still holds (on the line, never
   * sent again), 'open' when sending it again may go through. None: 'open'.
   */
  stands?(tx: Tx, entry: Entry, error: string): Promise<ParkedStanding>;
  /** How the guest's status line counts it: while queued, and once refused. None: not on the line (another screen says it). */
  readonly line?: { readonly queued: boolean; readonly refused: 'orders' | 'other' };
}

/** The kinds a page (or the queue's worker) knows. A capability registers its own; one registered again replaces the earlier. */
export interface OutboxKinds {
  register(kind: OutboxKind): () => void;
  of(name: string): OutboxKind | undefined;
  all(): readonly OutboxKind[];
}

export function outboxKinds(kinds: readonly OutboxKind[] = []): OutboxKinds {
  const byName = new Map<string, OutboxKind>();
  const registry: OutboxKinds = {
    register(kind) {
      const known = kind;
      const before = known.names.map((name) => [name, byName.get(name)] as const);
      for (const name of known.names) byName.set(name, known);
      return () => {
        for (const [name, earlier] of before) {
          if (byName.get(name) !== known) continue;
          if (earlier) byName.set(name, earlier);
          else byName.delete(name);
        }
      };
    },
    of: (name) => byName.get(name),
    all: () => [...new Set(byName.values())],
  };
  for (const kind of kinds) registry.register(kind);
  return registry;
}

/** A kind this page knows but cannot send (it needs what another page holds): its entries wait, never parked as unknown. */
export function waitingKind(names: readonly string[]): OutboxKind {
  return { names, check: (entry) => entry, send: () => Promise.resolve({ kind: 'held' }) };
}
