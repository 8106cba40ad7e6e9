/**
 * What the outbox keeps: entries waiting for the server, the ones it refused
 * for good, and what the status line shows. An entry's `kind` names the
 * capability's OutboxKind (kinds.ts) that checks, sends and parks it; the
 * outbox itself reads nothing else of it.
 */
import type { Tx } from '../db/idb.ts';

/** A change waiting to reach the server; written in the same transaction as the change itself. */
export interface QueuedEntry {
  /** The queue's order: given by IndexedDB, never used twice. */
  readonly seq?: number;
  readonly kind: string;
  readonly queuedAt: number;
}

/** An entry as read back from the queue: it has its seq. */
export type Queued<Entry extends QueuedEntry = QueuedEntry> = Entry & { readonly seq: number };

/** An entry the server refused for good, kept with its payload and the reason. */
export interface ParkedEntry {
  readonly id?: number;
  readonly entry: unknown;
  readonly error: string;
  readonly parkedAt: number;
  /** The app version that parked it: a new version retries it once. */
  readonly appVersion?: string;
  /** The entry's kind, kept beside it so a capability reads its own parked entries by index. */
  readonly kind?: string;
}

/**
 * What the flusher last learnt that the status line shows. Retries and their
 * backoff are the scheduler's (in memory); the oldest pending change's age
 * comes from the outbox itself.
 */
export interface SyncState {
  readonly key: 'flush';
  /** Set while the server's configuration is broken (bad key, unknown table, missing grant). */
  readonly configError?: string;
}

/** Queues an entry inside the transaction that records its change: the change and its entry commit together. */
export function enqueue(tx: Tx, entry: QueuedEntry): Promise<IDBValidKey> {
  return tx.add('outbox', entry);
}

/** The kind an entry read back from storage says it is ('' when it is too broken to say). */
export function kindOf(entry: unknown): string {
  const kind = (entry as { kind?: unknown } | null)?.kind;
  return typeof kind === 'string' ? kind : '';
}
