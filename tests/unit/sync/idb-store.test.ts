/**
 * The store the flush runs on, seen from the page: the views' live queries
 * follow a flush the service worker ran on its own connection, and the
 * worker only ever opens the database the page made, at the page's schema.
 */
import Dexie, { liveQuery } from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BarTabDatabase, db } from '../../../src/db/index.ts';
import { DATABASE_NAME, IDB_VERSION, SCHEMA_VERSION } from '../../../src/db/schema.ts';
import { idbOutboxStore, inProcessLock, openTabDatabase, queueGuest, flushOutbox } from '../../../src/sync/index.ts';
import { openTab } from '../../../src/tab/index.ts';
import { recordingTransport } from '../../support/fake-transport.ts';

const ANA = { id: '8a6e0804-2bd0-4672-b79e-d4b259de3b01', full_name: 'Ana' };
const opened: IDBDatabase[] = [];

afterEach(() => {
  for (const connection of opened.splice(0)) connection.close();
});

async function workerConnection(name = db.name): Promise<IDBDatabase | null> {
  const connection = await openTabDatabase(name);
  if (connection) opened.push(connection);
  return connection;
}

/** A live query's values as they come; `until` waits for one that satisfies `done`. */
function watch<T>(query: () => Promise<T>) {
  const values: T[] = [];
  const subscription = liveQuery(query).subscribe((value) => values.push(value));
  watching.push(subscription);
  const until = async (done: (value: T) => boolean): Promise<T> => {
    await vi.waitFor(() => expect(values.some(done)).toBe(true));
    return values.find(done) as T;
  };
  return { values, until };
}

const watching: { unsubscribe(): void }[] = [];
afterEach(() => {
  for (const subscription of watching.splice(0)) subscription.unsubscribe();
});

describe('the schema the worker expects', () => {
  it('is the one database.ts declares', async () => {
    const database = new BarTabDatabase();
    expect(database.name).toBe(DATABASE_NAME);
    expect(database.verno).toBe(SCHEMA_VERSION);
    await db.open();
    expect(db.backendDB().version).toBe(IDB_VERSION);
  });
});

describe('a flush by the service worker', () => {
  it('updates the page’s live views: the queue, the parked changes and the orders', async () => {
    await queueGuest(db, ANA);
    const [order] = await Promise.all([openTab(db).addOrder(ANA.id, { name: 'Aperol Spritz', price: 6500 }), openTab(db).addOrder(ANA.id, { name: 'Tabla Irish', price: 16990 })]);
    const queued = watch(() => db.outbox.count());
    const parked = watch(() => db.parked.toArray());
    const orders = watch(() => db.orders.where('[user_id+created_at]').between([ANA.id, ''], [ANA.id, '\uffff']).toArray());
    // The views show the queue before the flush.
    await queued.until((count) => count === 3);
    await parked.until((entries) => entries.length === 0);
    await orders.until((rows) => rows.length === 2);
    const connection = await workerConnection();
    const { transport } = recordingTransport((call) => (call.rows?.some((row) => row.id === order.id) ? { status: 400, code: '23514' } : { status: 201 }));
    expect(await flushOutbox({ store: idbOutboxStore(() => Promise.resolve(connection as IDBDatabase)), transport, lock: inProcessLock() })).toEqual({ kind: 'done' });
    await queued.until((count) => count === 0);
    await parked.until((entries) => entries.length === 1);
    const refused = await orders.until((rows) => rows.some((row) => row.rejected));
    expect(refused.find((row) => row.id === order.id)?.rejected).toContain('23514');
  });
});

describe('a flush by the page', () => {
  it('updates its own views where there is no BroadcastChannel (Safari before 15.4)', async () => {
    vi.stubGlobal('BroadcastChannel', undefined);
    await openTab(db).addOrder(ANA.id, { name: 'Aperol Spritz', price: 6500 });
    const queued = watch(() => db.outbox.count());
    await queued.until((count) => count === 1);
    const { transport } = recordingTransport();
    expect(await flushOutbox({ database: db, transport, lock: inProcessLock() })).toEqual({ kind: 'done' });
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
    upgraded.version(SCHEMA_VERSION).stores({ orders: 'id, [user_id+created_at]', outbox: '++seq, kind', parked: '++id', syncState: 'key', guests: 'id' });
    upgraded.version(SCHEMA_VERSION + 1).stores({ guests: 'id, state' });
    await upgraded.open();
    expect(upgraded.verno).toBe(SCHEMA_VERSION + 1);
    upgraded.close();
    await Dexie.delete(db.name);
    await db.open();
  });
});
