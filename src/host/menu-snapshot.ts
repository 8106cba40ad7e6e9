/**
 * The last list ('Carta') the host's page read, kept on the phone like the
 * party's snapshot (storage.ts): with no signal, even after a reload, the
 * 'Carta' section shows it. One party's at a time, and only ever for that party.
 */
import { parseStoredJson, readLocal, removeLocal, writeLocal } from '../platform/index.ts';
import { parseMenu, type HostMenu } from './menu.ts';

export const HOST_MENU_STORAGE_KEY = 'hostMenuSnapshot';

/** The kept list, if it is party `code`'s. */
export function keptMenu(code: string): HostMenu | null {
  const kept = parseStoredJson(readLocal(HOST_MENU_STORAGE_KEY));
  if (typeof kept !== 'object' || kept === null || (kept as { code?: unknown }).code !== code) return null;
  return parseMenu((kept as { menu?: unknown }).menu);
}

export function keepMenu(code: string, menu: HostMenu): void {
  writeLocal(HOST_MENU_STORAGE_KEY, JSON.stringify({ code, menu }));
}

/** 'Salir' (or a key that stopped working): the list goes with the party's snapshot. */
export function forgetMenu(): void {
  removeLocal(HOST_MENU_STORAGE_KEY);
}
