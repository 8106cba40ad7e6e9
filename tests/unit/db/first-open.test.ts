/**
 * The very first open of a phone's database creates it, in an upgrade. Dexie
 * hands out its connection (isOpen() is true) while that upgrade still runs,
 * and a transaction started on it then throws "A version change transaction
 * is running": a guest whose name goes the moment the app runs (sent before
 * any script arrived, tests/e2e/first-view.spec.ts) wrote into that window.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { openTabStorage } from '../../../src/db/index.ts';
import { BarTabDatabase, onDexie } from '../../../src/db/database.ts';

const made: BarTabDatabase[] = [];
afterEach(async () => {
  for (const database of made.splice(0)) {
    database.close();
    await database.delete();
  }
});

describe('a write while the database is first made', () => {
  it('waits for the upgrade to end, then commits', async () => {
    const database = new BarTabDatabase(`first-open-${crypto.randomUUID()}`);
    made.push(database);
    const opening = openTabStorage(database);
    // Dexie has the connection as soon as the upgrade begins: the write must not start its transaction then.
    await new Promise<void>((resolve) => {
      const look = () => (database.isOpen() ? resolve() : setTimeout(look, 0));
      look();
    });
    const written = onDexie(database).write(['syncState'], async (tx) => {
      await tx.put('syncState', { key: 'flush' });
      return 'committed';
    });
    await expect(written).resolves.toBe('committed');
    expect(await opening).toBe(true);
    expect(await database.syncState.get('flush')).toEqual({ key: 'flush' });
  });
});
