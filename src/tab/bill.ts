/**
 * The bar's bill as the server tells each guest (`my_tab_status.bill`): the
 * lines it put on the tab (claims, 'Parte de lo sin dueño', 'Invitación a
 * <name>', the guest of honour's) and the lines the guest can still claim.
 * Kept in IndexedDB by guest, so the tab adds them up in the basement too;
 * the tab store reads them beside the orders. The guest's claims are the
 * phone's own records, held to what the server says of them at every answer:
 * their amounts (a share grows or shrinks as others join or leave), a claim
 * made on another phone or read back from the server, one taken back by the
 * host or on another phone.
 */
import { ordersOfGuest, type BillRecord, type Order, type PhoneDatabase, type ServerTabLine, type UnclaimedLine } from '../db/index.ts';
import type { Tx } from '../db/idb.ts';
import { onServer } from './claims.ts';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isWhole = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);

function tabLine(json: unknown): ServerTabLine | null {
  if (!isRecord(json) || typeof json.kind !== 'string' || typeof json.product_name !== 'string' || !isWhole(json.amount)) return null;
  const id = typeof json.id === 'string' ? json.id : null;
  const line = {
    id,
    kind: json.kind,
    product_name: json.product_name,
    amount: json.amount,
    created_at: typeof json.created_at === 'string' ? json.created_at : '',
  };
  // A claim names its bill line and split: the phone keeps it as its own.
  return typeof json.line_id === 'string' && isWhole(json.shares) ? { ...line, line_id: json.line_id, shares: json.shares } : line;
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

/**
 * The server's `bill` as the phone keeps it; null when it is not one (nothing
 * is kept then: the last one heard stays). Lines to claim the server did not
 * send again (`unclaimed: null`) are the ones the phone holds, when it holds
 * the version the answer names; else the phone keeps its own list and
 * version, and the next question asks for the whole list.
 */
export function parseServerBill(guest: string, json: unknown, heardAt: number, kept?: BillRecord): BillRecord | null {
  if (!isRecord(json) || !isWhole(json.total)) return null;
  const lines = every(json.lines, tabLine);
  if (!lines) return null;
  const version = typeof json.unclaimed_version === 'string' ? json.unclaimed_version : undefined;
  if (json.unclaimed === null && version !== undefined) {
    return { guest, total: json.total, lines, unclaimed: kept?.unclaimed ?? [], ...(kept?.version === undefined ? {} : { version: kept.version }), heardAt };
  }
  const unclaimed = every(json.unclaimed, unclaimedLine);
  return unclaimed ? { guest, total: json.total, lines, unclaimed, ...(version === undefined ? {} : { version }), heardAt } : null;
}

const sameBill = (a: BillRecord, b: BillRecord) =>
  JSON.stringify([a.total, a.lines, a.unclaimed, a.version]) === JSON.stringify([b.total, b.lines, b.unclaimed, b.version]);

/**
 * The guest's claims held to the server's lines, an answer to a question asked
 * at `askedAt` (the phone's clock): each the server lists is on the tab at the
 * server's amount (made on another phone, it becomes this phone's too); one
 * the server answered as stored before the question and no longer lists was
 * taken back elsewhere (the host's 'Quitar'), and leaves the tab. A claim on
 * its way, refused, offered, or taken back here is the phone's to say.
 * Returns the records to write.
 */
export function claimsHeld(guest: string, orders: readonly Order[], lines: readonly ServerTabLine[], askedAt: number): Order[] {
  const mine = new Map(orders.map((order) => [order.id, order] as const));
  const listed = new Set<string>();
  const changed: Order[] = [];
  for (const line of lines) {
    if (line.kind !== 'claim' || line.id === null || !line.line_id || !line.shares) continue;
    listed.add(line.id);
    const held = mine.get(line.id);
    if (held === undefined) {
      const bill = { line: line.line_id, shares: line.shares, takenAt: askedAt };
      changed.push({
        id: line.id,
        user_id: guest,
        product_name: line.product_name,
        product_price: line.amount,
        active: true,
        created_at: line.created_at,
        bill,
      });
    } else if (held.active && held.bill && onServer(held) && (held.product_price !== line.amount || held.bill.shares !== line.shares)) {
      changed.push({ ...held, product_price: line.amount, bill: { ...held.bill, shares: line.shares } });
    }
  }
  for (const order of orders) {
    const takenAt = order.bill?.takenAt;
    if (order.active && onServer(order) && takenAt !== undefined && takenAt < askedAt && !listed.has(order.id)) changed.push({ ...order, active: false });
  }
  return changed;
}

/** What an answer changes on the phone: the bill kept, and the claims held to it. */
async function heard(tx: Tx, guest: string, json: unknown, askedAt: number, now: number) {
  const kept = await tx.get('bills', guest);
  const bill = parseServerBill(guest, json, now, kept);
  if (!bill) return null;
  const orders = await tx.getAll('orders', ordersOfGuest(guest));
  const claims = claimsHeld(guest, orders, bill.lines, askedAt);
  return { bill: !kept || !sameBill(kept, bill) ? bill : null, claims };
}

/**
 * Keeps what the server said of the guest's bill, asked at `askedAt`; the tab
 * store hears it through the database's change event. The same bill heard
 * again, with the claims already as the server has them, writes nothing: the
 * tab renders nothing for it.
 */
export async function keepServerBill(database: PhoneDatabase, guest: string, json: unknown, askedAt: number, now = Date.now()): Promise<void> {
  const stores = ['bills', 'orders'] as const;
  const first = await database.read(stores, (tx) => heard(tx, guest, json, askedAt, now));
  if (!first || (first.bill === null && first.claims.length === 0)) return;
  await database.write(stores, async (tx) => {
    const change = await heard(tx, guest, json, askedAt, now);
    if (change?.bill) void tx.put('bills', change.bill);
    for (const order of change?.claims ?? []) void tx.put('orders', order);
  });
}

/**
 * The server's lines the tab shows beside the phone's orders: a claim is the
 * phone's own record (kept so by keepServerBill, or still on its way), counted
 * once; only a claim from a server that names no bill line shows as a line.
 */
export function serverLinesBeside(orders: readonly { readonly id: string }[], lines: readonly ServerTabLine[]): readonly ServerTabLine[] {
  if (lines.length === 0) return lines;
  const held = new Set(orders.map((order) => order.id));
  const beside = lines.filter((line) => line.id === null || (!held.has(line.id) && !(line.kind === 'claim' && line.line_id)));
  return beside.length === lines.length ? lines : beside;
}
