/**
 * The ids of orders the guest took off the tab, kept in localStorage beside
 * `user`. If the browser ever empties IndexedDB, restore-after-eviction reads
 * the tab back from the server, whose copy may still hold those orders active
 * (a reset not delivered yet, or refused): this list keeps them off the tab.
 */
import { isUuid } from '../../supabase/functions/_shared/rules.ts';
import { parseStoredJson, readLocal, writeLocal } from '../platform/index.ts';

export const INACTIVE_ORDERS_KEY = 'inactiveOrders';

interface Remembered {
  readonly guestId: string;
  readonly ids: readonly string[];
}

/** What is kept, or null when nothing is, or it is corrupt. */
function read(): Remembered | null {
  const value = parseStoredJson(readLocal(INACTIVE_ORDERS_KEY));
  if (typeof value !== 'object' || value === null) return null;
  const { guestId, ids } = value as Record<string, unknown>;
  return isUuid(guestId) && Array.isArray(ids) ? { guestId, ids: ids.filter(isUuid) } : null;
}

export function rememberInactive(guestId: string, ids: readonly string[]): void {
  const known = read();
  const earlier = known?.guestId === guestId ? known.ids : [];
  writeLocal(INACTIVE_ORDERS_KEY, JSON.stringify({ guestId, ids: [...new Set([...earlier, ...ids])] }));
}

/** An undone removal: the order may come back from the server again. */
export function forgetInactive(guestId: string, ids: readonly string[]): void {
  const known = read();
  if (known?.guestId !== guestId) return;
  const gone = new Set(ids);
  writeLocal(INACTIVE_ORDERS_KEY, JSON.stringify({ guestId, ids: known.ids.filter((id) => !gone.has(id)) }));
}

export function rememberedInactive(guestId: string): ReadonlySet<string> {
  const known = read();
  return new Set(known?.guestId === guestId ? known.ids : []);
}
