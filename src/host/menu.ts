/**
 * The party's list ('Carta') on the host's page: read from the `host`
 * function, checked on arrival, searched like the guests' list, and changed
 * one edit at a time (a price, sold out, a new product, an import). Each edit
 * answers the whole list as the server now holds it, which replaces the one
 * on screen; a refusal leaves it as it was and says why in Spanish. An answer
 * lost after the request left says nothing of the change: the list is read
 * again, and the page says whether the change is on it.
 */
import { useCallback, useEffect, useState } from 'react';
import { hostReason } from '../../supabase/functions/_shared/host-errors.ts';
import type { HostAction } from '../../supabase/functions/_shared/host-request.ts';
// The rule itself, not the catalogue: the host's page never loads the built-in list.
import { nameKey, normalizeForSearch } from '../../supabase/functions/_shared/rules.ts';
import { useHostSession } from './hooks.ts';
import { showRead, type CopyStatus } from './copies.ts';

export interface MenuItem {
  readonly name: string;
  /** Whole pesos. */
  readonly price: number;
  readonly category: string;
  readonly sold_out: boolean;
}

export interface HostMenu {
  /** Changes whenever the list does. */
  readonly version: string;
  /** In menu order: categories in the order of their first item. */
  readonly items: readonly MenuItem[];
}

type Fields = Readonly<Record<string, unknown>>;
const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);

function isMenuItem(value: unknown): value is MenuItem {
  if (!isObject(value)) return false;
  const { name, price, category, sold_out } = value;
  return typeof name === 'string' && typeof price === 'number' && Number.isSafeInteger(price) && typeof category === 'string' && typeof sold_out === 'boolean';
}

/** The function's `{ version, items }`, or null for anything else. */
export function parseMenu(value: unknown): HostMenu | null {
  if (!isObject(value) || typeof value.version !== 'string' || !Array.isArray(value.items) || !value.items.every(isMenuItem)) return null;
  return {
    version: value.version,
    items: value.items.map((item: MenuItem) => ({ name: item.name, price: item.price, category: item.category, sold_out: item.sold_out })),
  };
}

/** The items whose name or category holds what the host typed, whatever its accents, capitals or extra spaces. */
export function searchMenu(items: readonly MenuItem[], typed: string): readonly MenuItem[] {
  const wanted = normalizeForSearch(typed).trim().replace(/\s+/gu, ' ');
  if (wanted === '') return items;
  return items.filter((item) => normalizeForSearch(`${item.name} ${item.category}`).replace(/\s+/gu, ' ').includes(wanted));
}

/** The categories of the list, in menu order, once each: what the add form suggests. */
export function menuCategories(items: readonly MenuItem[]): string[] {
  return [...new Set(items.map((item) => item.category))];
}

/** What an import will do to the list: products it adds and products it changes (by name as a person reads it, as the server matches). */
export function importEffect(items: readonly MenuItem[], names: readonly string[]): { readonly added: number; readonly changed: number } {
  const known = new Set(items.map((item) => nameKey(item.name)));
  const changed = names.filter((name) => known.has(nameKey(name))).length;
  return { added: names.length - changed, changed };
}

export type MenuEdit = Extract<HostAction, { action: 'set_price' | 'set_sold_out' | 'add_product' | 'import_menu' }>;

export const MENU_MESSAGES = {
  offline: 'Sin señal: el cambio no se guardó. Intenta de nuevo cuando vuelva la conexión.',
  /** The answer was lost, and the list read again does not have the change. */
  notThere: 'El servidor no respondió y la carta sigue como estaba: el cambio no se guardó. Intenta de nuevo.',
  /** The answer was lost, and so was the list asked for again: nothing is known. */
  unknown: 'El servidor no respondió y no se pudo saber si el cambio se guardó. Revisa la carta cuando vuelva la conexión antes de intentarlo de nuevo.',
  /** The answer was lost, and the list read again has the whole import. */
  importThere: 'La carta quedó guardada.',
} as const;

/**
 * What became of an edit: saved (the answer said so, or it was lost and the
 * list read again has the change), not saved (refused, never sent, or lost
 * and the list read again does not have it), or not known (lost, and the list
 * could not be read again).
 */
export type EditOutcome =
  | { readonly kind: 'saved'; readonly checked: boolean }
  | { readonly kind: 'not-saved'; readonly reason: string }
  | { readonly kind: 'unknown'; readonly reason: string };

/** What a form says of an outcome: nothing when saved, else why not (or that it is not known). */
export const editProblem = (outcome: EditOutcome): string | null => (outcome.kind === 'saved' ? null : outcome.reason);

/** Whether the list holds the edit: each product it names, as it left it. */
export function listHolds(menu: HostMenu, edit: MenuEdit): boolean {
  const byName = new Map(menu.items.map((item) => [nameKey(item.name), item]));
  const holds = (name: string, wanted: (item: MenuItem) => boolean) => {
    const item = byName.get(nameKey(name));
    return item !== undefined && wanted(item);
  };
  switch (edit.action) {
    case 'set_price':
      return holds(edit.name, (item) => item.price === edit.price);
    case 'set_sold_out':
      return holds(edit.name, (item) => item.sold_out === edit.soldOut);
    case 'add_product':
      return holds(edit.name, (item) => item.name === edit.name && item.price === edit.price && item.category === edit.category);
    case 'import_menu':
      return edit.lines.every((line) => holds(line.name, (item) => item.name === line.name && item.price === line.price && item.category === line.category));
  }
}

export type MenuStatus = CopyStatus;

export interface MenuState {
  readonly menu: HostMenu | null;
  readonly status: MenuStatus;
  /** Sends an edit; resolves once the list on screen is the server's new one, or to why not. */
  readonly edit: (edit: MenuEdit) => Promise<EditOutcome>;
  /** Asks for the list again (the signal came back). */
  readonly reload: () => void;
}

/** The list of the party on screen: asked when the page opens and when the signal returns. */
export function useHostMenu(): MenuState {
  const { places } = useHostSession();
  const [menu, setMenu] = useState<HostMenu | null>(null);
  const [status, setStatus] = useState<MenuStatus>('loading');
  const [asked, setAsked] = useState(0);

  useEffect(() => {
    let current = true;
    void places.ask({ action: 'menu' }).then((answer) => {
      if (current) setStatus(showRead(answer, parseMenu, setMenu));
    });
    return () => {
      current = false;
    };
  }, [places, asked]);

  useEffect(() => {
    const again = () => setAsked((count) => count + 1);
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, []);

  const edit = useCallback(
    async (change: MenuEdit): Promise<EditOutcome> => {
      const show = (read: HostMenu) => {
        setMenu(read);
        setStatus('ready');
      };
      // With no signal at all the request never leaves: nothing was saved.
      const leftOnline = navigator.onLine;
      const answer = await places.ask(change);
      const read = answer.kind === 'ok' ? parseMenu(answer.json) : null;
      if (read) {
        show(read);
        return { kind: 'saved', checked: false };
      }
      if (answer.kind === 'refused') return { kind: 'not-saved', reason: hostReason(answer.error) };
      if (answer.kind === 'offline' && !leftOnline) return { kind: 'not-saved', reason: MENU_MESSAGES.offline };
      // The request may have reached the server: the list as it now is says whether the change is on it.
      const again = await places.ask({ action: 'menu' });
      const now = again.kind === 'ok' ? parseMenu(again.json) : null;
      if (!now) return { kind: 'unknown', reason: MENU_MESSAGES.unknown };
      show(now);
      return listHolds(now, change) ? { kind: 'saved', checked: true } : { kind: 'not-saved', reason: MENU_MESSAGES.notThere };
    },
    [places],
  );

  return { menu, status, edit, reload: () => setAsked((count) => count + 1) };
}
