/**
 * Pure rules of a party's list on the phone: reading the server's answer (the
 * `party_menu` RPC), and what of it a guest may pick.
 */
import { BUILT_IN_CATALOGUE, catalogueOf, type Catalogue } from '../catalogue/index.ts';
import type { MenuItem } from '../db/index.ts';

/** A party's list as the server gives it: a mark that changes whenever the list changes, and the items in menu order. */
export interface PartyMenu {
  readonly version: string;
  readonly items: readonly MenuItem[];
}

/** The list a guest picks from now. */
export interface ShownMenu {
  /** 'party': the party's list as the phone last heard it; 'built-in': the phone never had the party's list. */
  readonly from: 'party' | 'built-in';
  /** The party's list's version; null for the built-in list. */
  readonly version: string | null;
  /** What is on sale, indexed for search once, when this list was made. */
  readonly catalogue: Catalogue;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function isMenuItem(value: unknown): value is MenuItem {
  if (!isRecord(value)) return false;
  const { name, price, category, sold_out: soldOut } = value;
  return (
    typeof name === 'string' &&
    name.trim() !== '' &&
    typeof price === 'number' &&
    Number.isSafeInteger(price) &&
    price > 0 &&
    typeof category === 'string' &&
    typeof soldOut === 'boolean'
  );
}

/**
 * The RPC's JSON as a list, or null when it is not one. A list with one line
 * the phone cannot read is no list at all: the phone keeps the one it had
 * rather than show half of another.
 */
export function parsePartyMenu(json: unknown): PartyMenu | null {
  if (!isRecord(json) || typeof json.version !== 'string' || !Array.isArray(json.items)) return null;
  const items: unknown[] = json.items;
  if (!items.every(isMenuItem)) return null;
  // Only the fields the phone uses are kept: what the server adds later is not stored.
  return {
    version: json.version,
    items: items.map(({ name, price, category, sold_out }) => ({ name, price, category, sold_out })),
  };
}

/** What a guest may pick: the items not sold out, in menu order. */
export function onSale(items: readonly MenuItem[]): MenuItem[] {
  return items.filter((item) => !item.sold_out);
}

/** The list shown for a party's list: sold-out items are neither searched nor browsed nor offered again ('Otra'). */
export function shownPartyMenu(menu: PartyMenu): ShownMenu {
  return { from: 'party', version: menu.version, catalogue: catalogueOf(onSale(menu.items)) };
}

/** The built-in list (menu.ts), for a phone that never had its party's. */
export const BUILT_IN_MENU: ShownMenu = { from: 'built-in', version: null, catalogue: BUILT_IN_CATALOGUE };

/** Where a party's list is kept: its code, or '' for the default party. */
export function menuKey(party: string | null | undefined): string {
  return party ?? '';
}
