/**
 * The adapter (db/idb.ts) writes without Dexie and speaks Dexie's language to
 * be heard: its IndexedDB version, its channel, the shape of its change
 * events. These tests run the real Dexie and fail if any of it changes under us.
 */
import Dexie, { liveQuery, type ObservabilitySet } from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changedParts, DEXIE_CHANNEL, IDB_VERSION, touchesStores } from '../../../src/db/dexie-channel.ts';
import { openMadeDatabase, overIndexedDb } from '../../../src/db/idb.ts';
import { phoneDatabase } from '../../../src/db/index.ts';
import { BarTabDatabase, db } from '../../../src/db/database.ts';
import { DATABASE_NAME, SCHEMA_VERSION } from '../../../src/db/schema.ts';
import { inProcessLock } from '../../../src/sync/lock.ts';
import { tabOutbox } from '../../../scripts/lib/tab-outbox.ts';
import { TabStore } from '../../../src/tab/index.ts';
import { recordingTransport } from '../../support/fake-transport.ts';

const ANA = { id: '8a6e0804-2bd0-4672-b79e-d4b259de3b01', full_name: 'Ana' };
const opened: IDBDatabase[] = [];
const stops: (() => void)[] = [];

afterEach(() => {
  for (const connection of opened.splice(0)) connection.close();
  for (const stop of stops.splice(0)) stop();
});

async function workerConnection(name = db.name): Promise<IDBDatabase | null> {
  const connection = await openMadeDatabase(name);
  if (connection) opened.push(connection);
  return connection;
}

/** A live query's values as they come; `until` waits for one that satisfies `done`. */
function watch<T>(query: () => Promise<T>) {
  const values: T[] = [];
  const subscription = liveQuery(query).subscribe((value) => values.push(value));
  stops.push(() => subscription.unsubscribe());
  const until = async (done: (value: T) => boolean): Promise<T> => {
    await vi.waitFor(() => expect(values.some(done)).toBe(true));
    return values.find(done) as T;
  };
  return { values, until };
}

/** The next change event Dexie reports in this window. */
function nextChange(): Promise<ObservabilitySet> {
  return new Promise((resolve) => {
    const heard = (parts: ObservabilitySet) => {
      Dexie.on.storagemutated.unsubscribe(heard);
      resolve(parts);
    };
    Dexie.on('storagemutated', heard);
  });
}

describe('Dexie’s versioning', () => {
  it('opens the database database.ts declares at the IndexedDB version the worker expects', async () => {
    const database = new BarTabDatabase();
    expect(database.name).toBe(DATABASE_NAME);
    expect(database.verno).toBe(SCHEMA_VERSION);
    await db.open();
    expect(db.backendDB().version).toBe(IDB_VERSION);
  });
});

describe('Dexie’s channel and change events', () => {
  it('carry Dexie’s own writes to other windows under the name and shape the adapter uses', async () => {
    const channel = new BroadcastChannel(DEXIE_CHANNEL);
    stops.push(() => channel.close());
    const message = new Promise<Record<string, unknown>>((resolve) => {
      channel.onmessage = (event: MessageEvent<Record<string, unknown>>) => resolve(event.data);
    });
    await db.syncState.put({ key: 'flush' });
    const parts = await message;
    expect(touchesStores(parts, db.name, ['syncState'])).toBe(true);
    expect(touchesStores(parts, db.name, ['orders', 'outbox'])).toBe(false);
    // The adapter announces the same parts, covering every key.
    expect(Object.keys(changedParts(db.name, [{ name: 'syncState', indexNames: [] }]))).toEqual(
      expect.arrayContaining(Object.keys(parts).filter((part) => part.endsWith('/syncState/'))),
    );
  });

  it('reach this window’s Dexie from a write it did not make, and its live queries read again', async () => {
    await db.open();
    const orders = watch(() => db.orders.count());
    await orders.until((count) => count === 0);
    const heard = nextChange();
    const worker = overIndexedDb(db.name, async () => (await workerConnection()) ?? Promise.reject(new Error('no database')));
    await worker.write(['orders'], async (tx) => {
      await tx.add('orders', {
        id: crypto.randomUUID(),
        user_id: ANA.id,
        product_name: 'Pisco Sour',
        product_price: 5990,
        active: true,
        created_at: '2026-11-21T22:00:00.000Z',
      });
    });
    expect(touchesStores(await heard, db.name, ['orders'])).toBe(true);
    await orders.until((count) => count === 1);
  });
});

describe('a flush by the service worker', () => {
  it('updates the page’s live views: the queue, the parked changes and the orders', async () => {
    await tabOutbox(phoneDatabase).queueGuest(ANA);
    const tab = new TabStore(phoneDatabase, ANA.id);
    const [order] = await Promise.all([tab.addOrder({ name: 'Aperol Spritz', price: 6500 }), tab.addOrder({ name: 'Tabla Irish', price: 16990 })]);
    const queued = watch(() => db.outbox.count());
    const parked = watch(() => db.parked.toArray());
    const orders = watch(() => db.orders.where('[user_id+created_at]').between([ANA.id, ''], [ANA.id, '\uffff']).toArray());
    // The views show the queue before the flush.
    await queued.until((count) => count === 3);
    await parked.until((entries) => entries.length === 0);
    await orders.until((rows) => rows.length === 2);
    const connection = await workerConnection();
    if (!connection) throw new Error('the worker opens the page’s database');
    const { transport } = recordingTransport((call) => (call.rows?.some((row) => row.id === order.id) ? { status: 400, code: '23514' } : { status: 201 }));
    const store = tabOutbox(overIndexedDb(connection.name, () => Promise.resolve(connection)));
    expect(await store.flush({ transport, lock: inProcessLock() })).toEqual({ kind: 'done' });
    await queued.until((count) => count === 0);
    await parked.until((entries) => entries.length === 1);
    const refused = await orders.until((rows) => rows.some((row) => row.rejected));
    expect(refused.find((row) => row.id === order.id)?.rejected).toContain('23514');
  });
});

describe('a flush by the page', () => {
  it('updates its own views where there is no BroadcastChannel (Safari before 15.4)', async () => {
    vi.stubGlobal('BroadcastChannel', undefined);
    await new TabStore(phoneDatabase, ANA.id).addOrder({ name: 'Aperol Spritz', price: 6500 });
    const queued = watch(() => db.outbox.count());
    await queued.until((count) => count === 1);
    const { transport } = recordingTransport();
    expect(await tabOutbox(phoneDatabase).flush({ transport, lock: inProcessLock() })).toEqual({ kind: 'done' });
    await queued.until((count) => count === 0);
  });
});

describe('the worker’s connection', () => {
  it('never creates the database: the page makes it', async () => {
    expect(await workerConnection('bar-tab-never-opened')).toBeNull();
    expect(await Dexie.exists('bar-tab-never-opened')).toBe(false);
  });

  it('leaves a database of another schema to the page', async () => {
    const newer = new Dexie('bar-tab-newer');
    newer.version(SCHEMA_VERSION + 1).stores({ outbox: '++seq, kind' });
    await newer.open();
    try {
      expect(await workerConnection('bar-tab-newer')).toBeNull();
    } finally {
      newer.close();
      await Dexie.delete('bar-tab-newer');
    }
  });

  it('gives way to the page’s upgrade instead of blocking it', async () => {
    await db.open();
    const connection = await workerConnection();
    expect(connection?.version).toBe(IDB_VERSION);
    db.close();
    const upgraded = new Dexie(db.name);
    upgraded
      .version(SCHEMA_VERSION)
      .stores({ orders: 'id, [user_id+created_at]', outbox: '++seq, kind', parked: '++id', syncState: 'key', guests: 'id', menus: 'party' });
    upgraded.version(SCHEMA_VERSION + 1).stores({ guests: 'id, state' });
    await upgraded.open();
    expect(upgraded.verno).toBe(SCHEMA_VERSION + 1);
    upgraded.close();
    await Dexie.delete(db.name);
    await db.open();
  });
});
