/** A party's list kept on the phone: what a screen shows, with and without signal, and across reloads. */
import { describe, expect, it } from 'vitest';
import { phoneDatabase, type PhoneDatabase } from '../../../src/db/index.ts';
import { BarTabDatabase, onDexie } from '../../../src/db/database.ts';
import type { PartyMenu } from '../../../src/menu/rules.ts';
import { MenuStore } from '../../../src/menu/store.ts';

const VALE = 'cumple-vale';

const menu = (version: string, aperol: number, tablaSoldOut = false): PartyMenu => ({
  version,
  items: [
    { name: 'Aperol Spritz', price: aperol, category: 'Cócteles', sold_out: false },
    { name: 'Tabla Irish', price: 16990, category: 'Entradas', sold_out: tablaSoldOut },
  ],
});

/** A screen following the store, and what it read each time it was told. */
function follow(store: MenuStore) {
  const seen: string[] = [];
  const stop = store.subscribe(() => seen.push(store.shown().version ?? 'built-in'));
  const settled = async () => {
    // The kept list is one IndexedDB read away.
    for (let turn = 0; turn < 20; turn += 1) await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { seen, stop, settled };
}

const aperolPrice = (store: MenuStore) => store.shown().catalogue.find('Aperol Spritz')?.price;

describe('a party’s list on the phone', () => {
  it('shows the built-in list only while the phone never had the party’s', async () => {
    const store = new MenuStore(phoneDatabase, VALE);
    const screen = follow(store);
    await screen.settled();
    expect(store.shown().from).toBe('built-in');
    expect(aperolPrice(store)).toBe(6500);
    await store.heard(menu('v1', 7000));
    expect(store.shown()).toMatchObject({ from: 'party', version: 'v1' });
    expect(aperolPrice(store)).toBe(7000);
    screen.stop();
  });

  it('keeps the list for the basement: a reload with no signal shows it, not the built-in one', async () => {
    const before = new MenuStore(phoneDatabase, VALE);
    const first = follow(before);
    await before.heard(menu('v1', 7000, true));
    first.stop();

    // The page again, with nothing heard from the server.
    const after = new MenuStore(phoneDatabase, VALE);
    const second = follow(after);
    await second.settled();
    expect(after.shown()).toMatchObject({ from: 'party', version: 'v1' });
    expect(aperolPrice(after)).toBe(7000);
    expect(after.shown().catalogue.search('tabla irish').total).toBe(0);
    second.stop();
  });

  it('keeps each party’s list apart, the default party’s under ""', async () => {
    await new MenuStore(phoneDatabase, VALE).heard(menu('v1', 7000));
    const other = new MenuStore(phoneDatabase, '');
    const screen = follow(other);
    await screen.settled();
    expect(other.shown().from).toBe('built-in');
    screen.stop();
  });

  it('shows a new version at once and keeps it; the same version again changes nothing', async () => {
    const store = new MenuStore(phoneDatabase, VALE);
    const screen = follow(store);
    await screen.settled();
    await store.heard(menu('v1', 6500));
    const shown = store.shown();
    await store.heard(menu('v1', 6500));
    expect(store.shown()).toBe(shown);
    await store.heard(menu('v2', 7000));
    expect(aperolPrice(store)).toBe(7000);
    expect(screen.seen).toEqual(['v1', 'v2']);
    const kept = await phoneDatabase.read(['menus'], (tx) => tx.get('menus', VALE));
    expect(kept).toMatchObject({ party: VALE, version: 'v2', items: menu('v2', 7000).items });
    screen.stop();
  });

  it('never lets the list kept on the phone overwrite a fresher one heard meanwhile', async () => {
    await new MenuStore(phoneDatabase, VALE).heard(menu('v1', 6500));
    const store = new MenuStore(phoneDatabase, VALE);
    const screen = follow(store);
    // Heard before the read of the kept list answers.
    await store.heard(menu('v2', 7000));
    await screen.settled();
    expect(store.shown().version).toBe('v2');
    screen.stop();
  });

  it('still shows what it heard when the phone cannot keep it', async () => {
    const refusing: PhoneDatabase = {
      ...phoneDatabase,
      write: () => Promise.reject(new DOMException('full', 'QuotaExceededError')),
    };
    const store = new MenuStore(refusing, VALE);
    const screen = follow(store);
    await store.heard(menu('v1', 7000));
    expect(aperolPrice(store)).toBe(7000);
    screen.stop();
  });

  it('falls back to the built-in list when the phone’s storage cannot be read', async () => {
    const database = new BarTabDatabase(`closed-${crypto.randomUUID()}`);
    const broken: PhoneDatabase = { ...onDexie(database), read: () => Promise.reject(new Error('no IndexedDB')) };
    const store = new MenuStore(broken, VALE);
    const screen = follow(store);
    await screen.settled();
    expect(store.shown().from).toBe('built-in');
    screen.stop();
  });
});
