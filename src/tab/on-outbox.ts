/**
 * The tab's side of the page's outbox (built once, in main.tsx): its kinds
 * registered, each change it queues waking the outbox at once, and the
 * guest's arrival: their row queued (once, before their orders), then, once
 * the queue has emptied, a tab the browser evicted read back from the server.
 */
import type { PhoneDatabase, UserRow } from '../db/index.ts';
import type { Outbox, SyncTransport } from '../sync/index.ts';
import { guestRows } from './guest-rows.ts';
import { rememberedInactive } from './inactive-memory.ts';
import { tabKinds } from './outbox.ts';
import { restoreEvictedTab } from './restore.ts';

/** The guest whose tab the page shows, in the party they joined by its link (none: the default party). */
export type ArrivingGuest = UserRow & { readonly party?: string | undefined };

let wakeOutbox: () => void = () => undefined;

/** What the tab's stores call after a write that queued a change. */
export const changeQueued = (): void => wakeOutbox();

/**
 * Registers the tab's kinds in the page's outbox; returns what the page calls
 * with each guest it shows, which resolves once the guest's row is queued (the
 * page starts its outbox after that: the first flush sends the row at once).
 */
export function tabOnOutbox(outbox: Outbox, database: PhoneDatabase, transport: () => Promise<SyncTransport>): (guest: ArrivingGuest) => Promise<void> {
  for (const kind of tabKinds(database, transport)) outbox.register(kind);
  wakeOutbox = () => outbox.wake();
  const rows = guestRows(database);
  let met = '';
  return async ({ id, full_name, party }) => {
    const who = JSON.stringify([id, full_name, party]);
    if (who === met) return;
    met = who;
    const flushed = outbox.nextOutcome();
    await rows.ensureGuestQueued({ id, full_name }, party);
    // A guest named once the outbox runs: their row goes now, before anything they order.
    if (outbox.started()) void outbox.flushNow();
    // Only with the queue empty can the server's copy be trusted to restore from.
    void flushed.then(async (outcome) => {
      if (outcome.kind === 'done') await restoreEvictedTab(database, await transport(), id, rememberedInactive(id)).catch(() => 0);
    });
  };
}
