/**
 * One phone's outbox as Node phones use it (benchmarks, tests): the generic
 * store (src/sync) with the tab's kinds registered, the guest's records, and
 * a flush over the transport given, as the page and the queue's worker run it.
 */
import type { PhoneDatabase } from '../../src/db/idb.ts';
import { flushOutbox, outboxKinds, outboxStore, type FlushLock, type FlushOutcome, type OutboxStore, type SyncTransport } from '../../src/sync/index.ts';
import { guestRows, type GuestRows } from '../../src/tab/guest-rows.ts';
import { tabKinds } from '../../src/tab/outbox.ts';

export interface TabFlush {
  readonly transport: SyncTransport;
  readonly lock: FlushLock | (<T>(task: () => Promise<T>) => Promise<T | null>);
  readonly appVersion?: string | undefined;
  readonly now?: () => number;
}

export type TabOutbox = OutboxStore & GuestRows & { flush(options: TabFlush): Promise<FlushOutcome> };

/** `oneAtATime`: every kind sends one entry per request, the queue without its batching (what bench:sync compares it with). */
export function tabOutbox(database: PhoneDatabase, options: { readonly oneAtATime?: boolean } = {}): TabOutbox {
  let sending: SyncTransport | null = null;
  const registered = tabKinds(database, () => {
    if (!sending) throw new Error('no transport: flush through tabOutbox(…).flush');
    return sending;
  });
  const kinds = outboxKinds(options.oneAtATime ? registered.map((kind) => ({ ...kind, batch: { max: 1 } })) : registered);
  const store = outboxStore(database, kinds);
  return {
    ...store,
    ...guestRows(database),
    flush: ({ transport, ...options }) => {
      sending = transport;
      return flushOutbox({ ...options, store, kinds });
    },
  };
}
