/**
 * Phones for sync tests in Node: each has its own IndexedDB (fake-indexeddb),
 * the app's own tab and outbox code, and the real supabase-js transport.
 */
import 'fake-indexeddb/auto';
import ws from 'ws';
import { BarTabDatabase, type UserRow } from '../../src/db/index.ts';
import { createSupabaseTransport, flushOutbox, inProcessLock, queueGuest, type FlushOutcome, type SyncTransport } from '../../src/sync/index.ts';
import { tabOn } from '../../src/tab/index.ts';

export interface Phone {
  readonly guest: UserRow;
  readonly database: BarTabDatabase;
  readonly transport: SyncTransport;
  addOrder(name?: string, price?: number): Promise<string>;
  reset(): Promise<string[]>;
  flush(): Promise<FlushOutcome>;
  /** Flushes until the queue is empty, at most `attempts` times (no waiting: tests control faults). */
  flushUntilDone(attempts?: number): Promise<FlushOutcome>;
  close(): Promise<void>;
}

let made = 0;

export async function makePhone(apiUrl: string, anonKey: string, options: { timeoutMs?: number; name?: string } = {}): Promise<Phone> {
  made += 1;
  const guest: UserRow = { id: crypto.randomUUID(), full_name: options.name ?? `Invitado ${made}` };
  const database = new BarTabDatabase(`phone-${guest.id}`);
  const transport = await createSupabaseTransport({
    url: apiUrl,
    anonKey,
    realtimeTransport: ws,
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  });
  await queueGuest(database, guest);
  const lock = inProcessLock();
  let tap = Date.UTC(2026, 10, 21, 22, 0, 0);
  const phone: Phone = {
    guest,
    database,
    transport,
    async addOrder(name = 'Aperol Spritz', price = 6500) {
      tap += 1000;
      return (await tabOn.addOrder(database, guest.id, { name, price }, new Date(tap))).id;
    },
    reset: () => tabOn.resetTab(database, guest.id),
    flush: () => flushOutbox({ database, transport, lock }),
    async flushUntilDone(attempts = 50) {
      let outcome: FlushOutcome = { kind: 'busy' };
      for (let attempt = 0; attempt < attempts; attempt += 1) {
        outcome = await phone.flush();
        if (outcome.kind === 'done') return outcome;
      }
      return outcome;
    },
    async close() {
      database.close();
      await BarTabDatabase.delete(database.name);
    },
  };
  return phone;
}
