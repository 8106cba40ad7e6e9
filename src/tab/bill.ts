/**
 * The bar's bill as the server tells each guest (`my_tab_status.bill`): the
 * lines it put on the tab (claims, 'Parte de lo sin dueño', 'Invitación a
 * <name>', the guest of honour's) and the lines nobody declared yet. Kept in
 * IndexedDB by guest, so the tab adds them up in the basement too; the tab
 * store reads them beside the orders.
 */
import type { BillRecord, PhoneDatabase, ServerTabLine, UnclaimedLine } from '../db/index.ts';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isWhole = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);

function tabLine(json: unknown): ServerTabLine | null {
  if (!isRecord(json) || typeof json.kind !== 'string' || typeof json.product_name !== 'string' || !isWhole(json.amount)) return null;
  const id = typeof json.id === 'string' ? json.id : null;
  return { id, kind: json.kind, product_name: json.product_name, amount: json.amount, created_at: typeof json.created_at === 'string' ? json.created_at : '' };
}

function unclaimedLine(json: unknown): UnclaimedLine | null {
  if (!isRecord(json) || typeof json.line_id !== 'string' || typeof json.product_name !== 'string') return null;
  if (!isWhole(json.unit_price) || !isWhole(json.units_left)) return null;
  const open = Array.isArray(json.open_shares) ? json.open_shares : [];
  const open_shares = open.filter((unit): unit is { shares: number; left: number } => isRecord(unit) && isWhole(unit.shares) && isWhole(unit.left));
  return { line_id: json.line_id, product_name: json.product_name, unit_price: json.unit_price, units_left: json.units_left, open_shares };
}

const every = <T>(json: unknown, read: (item: unknown) => T | null): T[] | null => {
  if (!Array.isArray(json)) return null;
  const items = json.map(read);
  return items.every((item) => item !== null) ? items : null;
};

/** The server's `bill` as the phone keeps it; null when it is not one (nothing is kept then: the last one heard stays). */
export function parseServerBill(guest: string, json: unknown, heardAt: number): BillRecord | null {
  if (!isRecord(json) || !isWhole(json.total)) return null;
  const lines = every(json.lines, tabLine);
  const unclaimed = every(json.unclaimed, unclaimedLine);
  return lines && unclaimed ? { guest, total: json.total, lines, unclaimed, heardAt } : null;
}

const sameBill = (a: BillRecord, b: BillRecord) => JSON.stringify([a.total, a.lines, a.unclaimed]) === JSON.stringify([b.total, b.lines, b.unclaimed]);

/**
 * Keeps what the server said of the guest's bill; the tab store hears it
 * through the database's change event. The same bill heard again is not
 * written: the tab renders nothing for it.
 */
export async function keepServerBill(database: PhoneDatabase, guest: string, json: unknown, now = Date.now()): Promise<void> {
  const bill = parseServerBill(guest, json, now);
  if (!bill) return;
  await database.write(['bills'], async (tx) => {
    const kept = await tx.get('bills', guest);
    if (!kept || !sameBill(kept, bill)) await tx.put('bills', bill);
  });
}

/** The server's lines the tab shows beside the phone's orders: a claim the phone holds is its own row, counted once. */
export function serverLinesBeside(orders: readonly { readonly id: string }[], lines: readonly ServerTabLine[]): readonly ServerTabLine[] {
  if (lines.length === 0) return lines;
  const held = new Set(orders.map((order) => order.id));
  return lines.filter((line) => line.id === null || !held.has(line.id));
}
