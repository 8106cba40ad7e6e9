/**
 * The party's list ('Carta') on the host's page: read from the `host`
 * function, checked on arrival, searched like the guests' list, and changed
 * one edit at a time (a price, sold out, a new product, an import). Each edit
 * answers the whole list as the server now holds it, which replaces the one
 * on screen; a refusal leaves it as it was and says why in Spanish.
 */
import { useCallback, useEffect, useState } from 'react';
import { hostReason } from '../../supabase/functions/_shared/host-errors.ts';
import type { HostAction } from '../../supabase/functions/_shared/host-request.ts';
// The rule itself, not the catalogue: the host's page never loads the built-in list.
import { nameKey, normalizeForSearch } from '../../supabase/functions/_shared/rules.ts';
import type { HostAnswer } from './api.ts';
import type { HostSession } from './session.ts';

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
  failed: 'El servidor no respondió; el cambio no se guardó. Intenta de nuevo.',
} as const;

/** Why an edit did not go through, in the host's words (the function's 400s name the request: the host needs only the rule). */
export function editRefusal(answer: HostAnswer): string {
  if (answer.kind === 'refused') return hostReason(answer.error);
  if (answer.kind === 'offline') return MENU_MESSAGES.offline;
  return MENU_MESSAGES.failed;
}

export type MenuStatus = 'loading' | 'ready' | 'offline' | 'failed';

export interface MenuState {
  readonly menu: HostMenu | null;
  readonly status: MenuStatus;
  /** Sends an edit; resolves to why it was refused, or null once the list on screen is the server's new one. */
  readonly edit: (edit: MenuEdit) => Promise<string | null>;
  /** Asks for the list again (the signal came back). */
  readonly reload: () => void;
}

/** The list of the party on screen: asked when the page opens and when the signal returns. */
export function useHostMenu(session: HostSession): MenuState {
  const [menu, setMenu] = useState<HostMenu | null>(null);
  const [status, setStatus] = useState<MenuStatus>('loading');
  const [asked, setAsked] = useState(0);

  useEffect(() => {
    let current = true;
    void session.ask({ action: 'menu' }).then((answer) => {
      if (!current) return;
      const read = answer.kind === 'ok' ? parseMenu(answer.json) : null;
      if (read) setMenu(read);
      setStatus(read ? 'ready' : answer.kind === 'offline' ? 'offline' : 'failed');
    });
    return () => {
      current = false;
    };
  }, [session, asked]);

  useEffect(() => {
    const again = () => setAsked((count) => count + 1);
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, []);

  const edit = useCallback(
    async (change: MenuEdit): Promise<string | null> => {
      const answer = await session.ask(change);
      const read = answer.kind === 'ok' ? parseMenu(answer.json) : null;
      if (!read) return answer.kind === 'ok' ? MENU_MESSAGES.failed : editRefusal(answer);
      setMenu(read);
      setStatus('ready');
      return null;
    },
    [session],
  );

  return { menu, status, edit, reload: () => setAsked((count) => count + 1) };
}
