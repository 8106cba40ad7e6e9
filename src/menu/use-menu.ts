import { useEffect, useSyncExternalStore } from 'react';
import { env } from '../config/env.ts';
import { phoneDatabase } from '../db/index.ts';
import { atEachContact } from '../platform/index.ts';
import { readPartyMenu, type MenuGuest } from './remote.ts';
import { menuKey, type ShownMenu } from './rules.ts';
import { MenuStore } from './store.ts';

/**
 * Between two asks while the app is open and visible: with an ask's own 8 s at
 * most, a change on the server reaches an open phone within a minute.
 */
export const MENU_EVERY_MS = 45_000;

const stores = new Map<string, MenuStore>();

/** The list of party `party` (none: the default party) on this phone: one store per party for the page's life. */
export function partyMenuStore(party: string | null | undefined): MenuStore {
  const key = menuKey(party);
  let store = stores.get(key);
  if (!store) stores.set(key, (store = new MenuStore(phoneDatabase, key)));
  return store;
}

/**
 * The guest's party's list as the phone has it now: asked when the tab opens,
 * when the signal returns, when the page shows again and every 45 s while it
 * shows; in between (and with no signal) what the phone last heard, or the
 * built-in list when it never heard.
 */
export function useMenu(guest: MenuGuest): ShownMenu {
  const store = partyMenuStore(guest.party);
  const shown = useSyncExternalStore(store.subscribe, store.shown);
  const backend = env.backend;
  const { id, party } = guest;
  useEffect(() => {
    if (!backend) return undefined;
    let current = true;
    let asking = false;
    const stop = atEachContact(() => {
      if (asking) return;
      asking = true;
      void readPartyMenu(backend, { id, party }).then((menu) => {
        asking = false;
        if (current && menu) void store.heard(menu);
      });
    }, MENU_EVERY_MS);
    return () => {
      current = false;
      stop();
    };
  }, [backend, id, party, store]);
  return shown;
}
