/**
 * What the outbox keeps: entries waiting for the server, the ones it refused
 * for good, and what the status line shows. An entry's `kind` names the
 * capability's OutboxKind (kinds.ts) that checks, sends and parks it; the
 * outbox itself reads nothing else of it.
 */
import type { Tx } from '../db/idb.ts';
import type { QueuedEntry } from '../db/records.ts';

// The records themselves are the database's (it declares every store); the outbox reads them through here.
export type { ParkedEntry, Queued, QueuedEntry, SyncState } from '../db/records.ts';

/** Queues an entry inside the transaction that records its change: the change and its entry commit together. */
export function enqueue(tx: Tx, entry: QueuedEntry): Promise<IDBValidKey> {
  return tx.add('outbox', entry);
}

/** The kind an entry read back from storage says it is ('' when it is too broken to say). */
export function kindOf(entry: unknown): string {
  const kind = (entry as { kind?: unknown } | null)?.kind;
  return typeof kind === 'string' ? kind : '';
}
