/**
 * The bar's bill against what the guests declared (issue 32): the host's
 * lines, the comparison, a unit's shares, what is left spread over the guests
 * and the guest of honour's invitation. Pure and exact (integer pesos): the
 * host's page previews with it, the `host` function checks with it, and the
 * migration's money expressions are generated from it (sqlShareAmount,
 * sqlEvenPart) and held equal to it by npm test.
 */
import { cleanGuestText, countCharacters, countLetters, formatPesos } from './rules.ts';
import { type Checked, parsePrice, parseTextLines, type TextLine } from './menu-import.ts';
import { nameKey } from './name-key.ts';

export { nameKey };
// A unit's shares and why a claim is refused: what a guest's phone needs of the bill, apart so the host's rules stay off it.
export { CLAIM_REFUSALS, CLAIM_TAKEN, refusalMessage, shareAmount, shareAmounts, sqlShareAmount, UNCLAIM_CLOSED } from './bill-claims.ts';

/** Lines one bill may hold, units one line may bill, pesos one unit may cost. */
export const MAX_BILL_LINES = 1000;
export const BILL_QUANTITY = { min: 1, max: 1000 } as const;
export const BILL_UNIT_PRICE = { min: 1, max: 1_000_000 } as const;
/** A bill typed as its total only. */
export const BILL_TOTAL = { min: 1, max: 1_000_000_000 } as const;
/** A product as the bar's bill writes it: any readable text, as wide as an order's product. */
export const BILL_PRODUCT_LENGTH = { min: 1, max: 120 } as const;
/** 'Lo compartimos': one unit shared by 2 to 12 people. */
export const BILL_SHARES = { min: 2, max: 12 } as const;

/** What a bill line shows when the party's list has no product of that name. */
export const NOT_ON_LIST = 'No está en la carta';
/** The server's lines on a guest's tab, as the tab shows them. */
export const SPREAD_LINE = 'Parte de lo sin dueño';
export const invitationLine = (name: string): string => `Invitación a ${name}`;
export const HONOURED_LINE = 'Tu cuenta la paga la fiesta.';
export const BILL_PROBLEMS = {
  fields: 'Se esperan tres campos: Producto;Cantidad;Precio.',
  product: `El producto debe tener entre ${BILL_PRODUCT_LENGTH.min} y ${BILL_PRODUCT_LENGTH.max} caracteres, con letras.`,
  quantity: `La cantidad debe ser un entero entre ${BILL_QUANTITY.min} y ${BILL_QUANTITY.max}.`,
  price: `El precio debe ser un entero de pesos entre ${formatPesos(BILL_UNIT_PRICE.min)} y ${formatPesos(BILL_UNIT_PRICE.max)}.`,
  total: `El total debe ser un entero de pesos entre ${formatPesos(BILL_TOTAL.min)} y ${formatPesos(BILL_TOTAL.max)}.`,
  sameAs: 'El producto de la carta confirmado para la línea debe ser un nombre de la carta.',
  empty: 'La cuenta del bar no tiene líneas.',
  tooMany: `La cuenta del bar lleva a lo más ${MAX_BILL_LINES} líneas.`,
} as const;

// ─── The host's lines ───────────────────────────────────────────────────────

export interface BillLine {
  /** As the bill writes it, cleaned like every name. */
  readonly product: string;
  readonly quantity: number;
  /** Whole pesos, one unit. */
  readonly unitPrice: number;
  /** The product of the party's list the host confirmed this line is ('Sí, es lo mismo'), when its name is not that product's (issue 41). */
  readonly sameAs?: string | null;
}

const isWhole = (value: unknown, range: { readonly min: number; readonly max: number }): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= range.min && value <= range.max;

export function checkBillLine(fields: {
  readonly product: unknown;
  readonly quantity: unknown;
  readonly unitPrice: unknown;
  readonly sameAs?: unknown;
}): Checked<BillLine> {
  const product = typeof fields.product === 'string' ? cleanGuestText(fields.product) : '';
  const length = countCharacters(product);
  if (length < BILL_PRODUCT_LENGTH.min || length > BILL_PRODUCT_LENGTH.max || countLetters(product) < 1) return { ok: false, problem: BILL_PROBLEMS.product };
  if (!isWhole(fields.quantity, BILL_QUANTITY)) return { ok: false, problem: BILL_PROBLEMS.quantity };
  if (!isWhole(fields.unitPrice, BILL_UNIT_PRICE)) return { ok: false, problem: BILL_PROBLEMS.price };
  const line = { product, quantity: fields.quantity, unitPrice: fields.unitPrice };
  if (fields.sameAs === undefined || fields.sameAs === null) return { ok: true, value: line };
  const sameAs = typeof fields.sameAs === 'string' ? cleanGuestText(fields.sameAs) : '';
  if (countCharacters(sameAs) < 1 || countCharacters(sameAs) > BILL_PRODUCT_LENGTH.max) return { ok: false, problem: BILL_PROBLEMS.sameAs };
  return { ok: true, value: { ...line, sameAs } };
}

export const isBillTotal = (total: unknown): total is number => isWhole(total, BILL_TOTAL);

export type BillTextLine = TextLine<BillLine>;

const HEADER = /^\s*"?producto"?\s*$/i;

/**
 * The lines of a pasted bill or a CSV file, `Producto;Cantidad;Precio` (the
 * unit price as `4400`, `4.400` or `$4.400`): blank lines and a first line of
 * headings are skipped; every other line is a bill line or says its problem.
 */
export function parseBillText(text: string): BillTextLine[] {
  return parseTextLines(text, HEADER, BILL_PROBLEMS.fields, ([product, quantity, price]) =>
    checkBillLine({ product, quantity: /^\s*\d+\s*$/.test(quantity) ? Number(quantity) : null, unitPrice: parsePrice(price) }),
  );
}

/** The `save_bill` request's lines ({ product, quantity, unitPrice }), numbered from 1: every line, or every line's problem. */
export function checkBillLines(
  lines: unknown,
): { readonly ok: true; readonly value: BillLine[] } | { readonly ok: false; readonly problems: { line: number; problem: string }[]; readonly error?: string } {
  if (!Array.isArray(lines) || lines.length === 0) return { ok: false, problems: [], error: BILL_PROBLEMS.empty };
  if (lines.length > MAX_BILL_LINES) return { ok: false, problems: [], error: BILL_PROBLEMS.tooMany };
  const checked = lines.map((entry: unknown): Checked<BillLine> => {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return { ok: false, problem: BILL_PROBLEMS.fields };
    const fields = entry as Readonly<Record<string, unknown>>;
    return checkBillLine({ product: fields.product, quantity: fields.quantity, unitPrice: fields.unitPrice, sameAs: fields.sameAs });
  });
  const problems = checked.flatMap((result, index) => (result.ok ? [] : [{ line: index + 1, problem: result.problem }]));
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, value: checked.flatMap((result) => (result.ok ? [result.value] : [])) };
}

export interface MatchedBillLine extends BillLine {
  /** The party's product this line is, by name whatever its capitals and accents; null: 'No está en la carta'. */
  readonly menuName: string | null;
}

/** Each line matched to the party's list by nameKey, or left as written. */
export function matchBillLines(lines: readonly BillLine[], list: readonly { readonly name: string }[]): MatchedBillLine[] {
  const byKey = new Map(list.map((item) => [nameKey(item.name), item.name] as const));
  return lines.map((line) => ({ ...line, menuName: byKey.get(nameKey(line.product)) ?? null }));
}

/** What a line is called on the host's preview and the guests' tabs: the list's name, else as written. */
export const billLineName = (line: MatchedBillLine): string => line.menuName ?? line.product;

// ─── An amount spread evenly ────────────────────────────────────────────────

/**
 * `amount` over guests, to the peso: each gets amount ÷ n rounded down, and
 * the first (amount mod n) guests by id (as the database orders uuids) one
 * peso more. The parts sum to the amount exactly. Used for what nobody claimed
 * and for the guest of honour's invitation alike.
 */
export function spreadEvenly(amount: number, guestIds: readonly string[]): Map<string, number> {
  const ids = [...guestIds].sort();
  return new Map(ids.map((id, index) => [id, evenPart(amount, ids.length, index + 1)] as const));
}

/** The part of the guest of `rank` (1-based, by id) of `amount` over `count` guests. */
export function evenPart(amount: number, count: number, rank: number): number {
  return Math.floor(amount / count) + (rank <= amount % count ? 1 : 0);
}

/** The same rule in SQL, over non-negative integer expressions. */
export function sqlEvenPart(amount: string, count: string, rank: string): string {
  return `${amount} / ${count} + case when ${rank} <= ${amount} % ${count} then 1 else 0 end`;
}

// ─── The comparison ─────────────────────────────────────────────────────────

/** A bill as saved: its lines, or its total only. */
export type SavedBill = { readonly lines: readonly MatchedBillLine[] } | { readonly total: number };

/** What the guests declared: each active order and each claim, by product name and amount. */
export interface Declared {
  readonly product: string;
  readonly amount: number;
}

export interface ProductComparison {
  readonly product: string;
  readonly billed: number;
  readonly declared: number;
  /** Billed less declared: above 0 nobody declared it, below 0 it was declared over the bill. */
  readonly difference: number;
}

/** What was left when the host settled it: spread over the guests, or paid by the host. */
export interface Settlement {
  readonly by: 'guests' | 'host';
  readonly amount: number;
}

export interface BillComparison {
  /** 'Cuenta del bar'. */
  readonly billed: number;
  /** 'Declarado por los invitados': the guests' active orders, claims included. */
  readonly declared: number;
  /** 'Sin dueño': billed and not declared, per product; once settled, what the tabs still miss of the bill. */
  readonly withoutOwner: number;
  /** 'Declarado de más'. */
  readonly declaredOver: number;
  /** What 'Repartir lo sin dueño' spreads now: the bill less everything declared, never below 0. */
  readonly toSpread: number;
  readonly settlement: Settlement | null;
  /** Per product (the bill's lines by nameKey, then what was declared and not billed), in the bill's order. */
  readonly products: readonly ProductComparison[];
}

export function billedTotal(bill: SavedBill): number {
  return 'total' in bill ? bill.total : bill.lines.reduce((sum, line) => sum + line.quantity * line.unitPrice, 0);
}

/** The bill against what was declared, every figure in whole pesos. */
export function compareBill(bill: SavedBill, declared: readonly Declared[], settlement: Settlement | null = null): BillComparison {
  const products = new Map<string, { product: string; billed: number; declared: number }>();
  const entry = (name: string) => {
    const key = nameKey(name);
    let found = products.get(key);
    if (!found) {
      found = { product: name, billed: 0, declared: 0 };
      products.set(key, found);
    }
    return found;
  };
  if ('lines' in bill) for (const line of bill.lines) entry(billLineName(line)).billed += line.quantity * line.unitPrice;
  const declaredTotal = declared.reduce((sum, item) => sum + item.amount, 0);
  if ('lines' in bill) for (const item of declared) entry(item.product).declared += item.amount;
  const rows = [...products.values()].map((row) => ({ ...row, difference: row.billed - row.declared }));
  const billed = billedTotal(bill);
  const net = billed - declaredTotal;
  const perProduct = 'lines' in bill;
  const withoutOwner = perProduct ? rows.reduce((sum, row) => sum + Math.max(row.difference, 0), 0) : Math.max(net, 0);
  const declaredOver = perProduct ? rows.reduce((sum, row) => sum + Math.max(-row.difference, 0), 0) : Math.max(-net, 0);
  const pending = Math.max(net - (settlement?.amount ?? 0), 0);
  return {
    billed,
    declared: declaredTotal,
    withoutOwner: settlement ? pending : withoutOwner,
    declaredOver,
    toSpread: Math.max(net, 0),
    settlement,
    products: rows,
  };
}

// ─── Every tab of the party ─────────────────────────────────────────────────

export interface PartyTabsInput {
  /** Each guest's own lines summed: active orders and claims. */
  readonly own: ReadonlyMap<string, number>;
  /** 'Parte de lo sin dueño', by guest. */
  readonly spreadParts?: ReadonlyMap<string, number>;
  /** The guest of honour, if any. */
  readonly honoured?: string | null;
}

export interface GuestTab {
  readonly own: number;
  readonly spreadPart: number;
  /** 'Invitación a <name>': this guest's part of the guest of honour's total. */
  readonly invitation: number;
  /** The guest of honour's own total, taken off their tab ('Tu cuenta la paga la fiesta.'); 0 for the others. */
  readonly honoured: number;
  /** 'Total sin propina'. */
  readonly total: number;
}

/** Guests on the party's books: those with orders or claims, and those with a part of what was left. */
const guestsOf = (input: PartyTabsInput) => [...new Set([...input.own.keys(), ...(input.spreadParts?.keys() ?? [])])].sort();

/**
 * Each guest's tab as the one rule has it: own lines, the part of what was
 * left, and the guest of honour's total (own and part) spread evenly over the
 * other guests with orders, so it follows as it grows. With nobody else, the
 * guest of honour pays their own.
 */
export function partyTabs(input: PartyTabsInput): Map<string, GuestTab> {
  const ids = guestsOf(input);
  const ownOf = (id: string) => input.own.get(id) ?? 0;
  const partOf = (id: string) => input.spreadParts?.get(id) ?? 0;
  const honoured = input.honoured ?? null;
  const others = ids.filter((id) => id !== honoured && ownOf(id) > 0);
  const honouredTotal = honoured !== null && ids.includes(honoured) && others.length > 0 ? ownOf(honoured) + partOf(honoured) : 0;
  const invitations = honouredTotal > 0 ? spreadEvenly(honouredTotal, others) : new Map<string, number>();
  return new Map(
    ids.map((id) => {
      const invitation = invitations.get(id) ?? 0;
      const taken = id === honoured ? honouredTotal : 0;
      return [id, { own: ownOf(id), spreadPart: partOf(id), invitation, honoured: taken, total: ownOf(id) + partOf(id) + invitation - taken }] as const;
    }),
  );
}
