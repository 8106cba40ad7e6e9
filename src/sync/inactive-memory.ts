/**
 * The ids of orders the guest took off the tab, kept in localStorage beside
 * `user`. If the browser ever empties IndexedDB, restore-after-eviction reads
 * the tab back from the server, whose copy may still hold those orders active
 * (a reset not delivered yet, or refused): this list keeps them off the tab.
 */
import { isUuid } from '../../supabase/functions/_shared/rules.ts';
import { readLocal, writeLocal } from '../platform/index.ts';

export const INACTIVE_ORDERS_KEY = 'inactiveOrders';

interface Remembered {
  readonly guestId: string;
  readonly ids: readonly string[];
}

function read(): Remembered | null {
  try {
    const value = JSON.parse(readLocal(INACTIVE_ORDERS_KEY) ?? 'null') as Partial<Remembered> | null;
    return isUuid(value?.guestId) && Array.isArray(value.ids) ? { guestId: value.guestId, ids: value.ids.filter(isUuid) } : null;
  } catch {
    return null;
  }
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
