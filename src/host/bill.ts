/**
 * The bar's bill on the host's page ('Cuenta del bar', issue 32): the
 * comparison the `host` function answers, read again with every read of the
 * party while the section shows, and the saves of the bill. Every figure on
 * screen is one the server answered: until then the section says it is
 * loading, never $0. The table the host corrects the bill in is
 * bill-table.ts's; reading a photo of it, bill-photo.ts's (issue 41).
 */
import { useCallback, useEffect, useState } from 'react';
import { BILL_PROBLEMS, type BillLine, isBillTotal, NOT_ON_LIST } from '../../supabase/functions/_shared/bar-bill.ts';
import { BILL_ERRORS, hostReason } from '../../supabase/functions/_shared/host-errors.ts';
import { parsePrice } from '../../supabase/functions/_shared/menu-import.ts';
import type { HostAction } from '../../supabase/functions/_shared/host-request.ts';
import type { SavedLine } from './bill-table.ts';
import { useHostSession } from './hooks.ts';
import { askFirstOf } from './reasons.ts';
import { changeAnswered } from './copies.ts';

export { NOT_ON_LIST };

/** What the section says with no bill saved yet: the function's own words for it. */
export const NO_BILL = BILL_ERRORS.noBill;

/** 'Total de la cuenta del bar' as typed (`4400`, `4.400`, `$4.400`): the total, or the rule it breaks. */
export function checkBillTotal(typed: string): { readonly ok: true; readonly total: number } | { readonly ok: false; readonly problem: string } {
  const total = parsePrice(typed);
  return isBillTotal(total) ? { ok: true, total } : { ok: false, problem: BILL_PROBLEMS.total };
}

export interface BillProduct {
  readonly product: string;
  readonly billed: number;
  readonly declared: number;
  readonly difference: number;
}

/** 'Llegó después de repartir': an order the server took after what was left was settled. */
export interface LateOrder {
  readonly productName: string;
  readonly amount: number;
  readonly fullName: string;
  readonly receivedAt: string;
}

/** The comparison as the function answers it (`bill`, `save_bill`, `settle_bill`). */
export interface HostBill {
  /** Orders after the settlement: they lowered every 'Parte de lo sin dueño' (or what the host absorbs). */
  readonly late: readonly LateOrder[];
  readonly billed: number;
  readonly declared: number;
  readonly withoutOwner: number;
  readonly declaredOver: number;
  readonly toSpread: number;
  readonly settlement: { readonly by: 'guests' | 'host'; readonly amount: number } | null;
  readonly totalOnly: boolean;
  readonly products: readonly BillProduct[];
  /** The bill's lines as saved, in its order. */
  readonly lines: readonly HostBillLine[];
  /** What the bill printed for its products, when it was read from one that did. */
  readonly printedTotal: number | null;
  /** When it was saved: the table shows a newer save, never an older one. */
  readonly savedAt: string;
}

export interface HostBillLine extends SavedLine {
  readonly id: string;
  readonly claimedUnits: number;
}

type Fields = Readonly<Record<string, unknown>>;
const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
const isPesos = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
const isAmount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);

function parseProduct(value: unknown): BillProduct | null {
  if (!isObject(value) || typeof value.product !== 'string') return null;
  const { billed, declared, difference } = value;
  return isPesos(billed) && isPesos(declared) && isAmount(difference) ? { product: value.product, billed, declared, difference } : null;
}

function parseLine(value: unknown): HostBillLine | null {
  if (!isObject(value) || typeof value.id !== 'string' || typeof value.product !== 'string') return null;
  const { menu_name, quantity, unit_price, claimed_units } = value;
  if ((menu_name !== null && typeof menu_name !== 'string') || !isPesos(quantity) || !isPesos(unit_price) || !isPesos(claimed_units)) return null;
  return { id: value.id, product: value.product, menuName: menu_name, quantity, unitPrice: unit_price, claimedUnits: claimed_units };
}

function parseLate(value: unknown): LateOrder[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((order: unknown) =>
    isObject(order) &&
    typeof order.product_name === 'string' &&
    isPesos(order.amount) &&
    typeof order.full_name === 'string' &&
    typeof order.received_at === 'string'
      ? [{ productName: order.product_name, amount: order.amount, fullName: order.full_name, receivedAt: order.received_at }]
      : [],
  );
}

function parseSettlement(value: unknown): HostBill['settlement'] | undefined {
  if (value === null) return null;
  if (!isObject(value) || (value.by !== 'guests' && value.by !== 'host') || !isPesos(value.amount)) return undefined;
  return { by: value.by, amount: value.amount };
}

/** The function's comparison, checked on arrival; null for anything else. */
export function parseBill(value: unknown): HostBill | null {
  if (!isObject(value)) return null;
  const { billed, declared, without_owner, declared_over, to_spread, total_only, printed_total, saved_at } = value;
  if (!isPesos(billed) || !isPesos(declared) || !isPesos(without_owner) || !isPesos(declared_over) || !isPesos(to_spread)) return null;
  const settlement = parseSettlement(value.settlement);
  if (settlement === undefined || typeof total_only !== 'boolean' || !Array.isArray(value.products) || !Array.isArray(value.lines)) return null;
  if ((printed_total !== null && printed_total !== undefined && !isPesos(printed_total)) || typeof saved_at !== 'string') return null;
  const products = value.products.map(parseProduct);
  const lines = value.lines.map(parseLine);
  if (products.some((product) => product === null) || lines.some((line) => line === null)) return null;
  return {
    billed,
    declared,
    withoutOwner: without_owner,
    declaredOver: declared_over,
    toSpread: to_spread,
    settlement,
    totalOnly: total_only,
    products: products.filter((product): product is BillProduct => product !== null),
    lines: lines.filter((line): line is HostBillLine => line !== null),
    printedTotal: printed_total ?? null,
    savedAt: saved_at,
    late: parseLate(value.late),
  };
}

/**
 * How 'Repartir lo sin dueño' splits `amount` over `guests` (those with
 * orders or claims), as host_settle_bill does by evenPart: each the amount ÷
 * guests rounded down, and the first (amount mod guests) by their code on the
 * server one peso more.
 */
export function spreadWords(amount: number, guests: number, pesos: (value: number) => string): string {
  if (guests <= 0) return 'No hay invitados con pedidos entre quienes repartir.';
  const each = Math.floor(amount / guests);
  const extra = amount % guests;
  const whom = guests === 1 ? 'el único invitado con pedidos' : `los ${guests} invitados con pedidos`;
  const base = `Se reparten ${pesos(amount)} entre ${whom}: ${pesos(each)} a cada uno`;
  if (extra === 0) return `${base}, exacto. Cada uno lo ve en su cuenta como 'Parte de lo sin dueño'.`;
  const more = extra === 1 ? 'el primer invitado según su código en el servidor paga' : `los primeros ${extra} invitados según su código en el servidor pagan`;
  return `${base}, y como no se divide exacto, ${more} $1 más. Cada uno lo ve en su cuenta como 'Parte de lo sin dueño'.`;
}

export type BillStatus = 'loading' | 'none' | 'ready' | 'offline' | 'failed';

export type BillChange = (
  | { readonly action: 'save_bill'; readonly lines: readonly BillLine[]; readonly printedTotal: number | null }
  | { readonly action: 'save_bill'; readonly total: number }
  | { readonly action: 'settle_bill'; readonly by: 'guests' | 'host' }
) & {
  /** The host said 'Sí, cambiar' to a change that moves what paid guests owe. */
  readonly confirm?: boolean;
};

export interface BillState {
  readonly bill: HostBill | null;
  readonly status: BillStatus;
  /**
   * Saves the bill or settles what is left; resolves to why not (in Spanish), or null once the comparison on screen is
   * the server's new one. A change that moves what guests who already paid owe waits for the host's answer to
   * `question` first: 'Sí, cambiar' sends it confirmed, 'Cancelar' leaves everything as it was.
   */
  readonly change: (change: BillChange) => Promise<string | null>;
  /** 'Esto cambia la cuenta de N invitados que ya pagaron.', while the host has not answered it. */
  readonly question: string | null;
  readonly answer: (yes: boolean) => void;
}

/** What the form says when the host answered 'Cancelar'. */
export const NOTHING_CHANGED = 'No se cambió nada.';

export const BILL_MESSAGES = {
  /** The request never left: no signal at all. */
  offline: 'Sin señal: no se guardó nada. Intenta de nuevo cuando vuelva la conexión.',
  /** It left and no answer came: the comparison is read again, and only what it shows is said. */
  unknown: 'El servidor no respondió: no se sabe si el cambio se guardó. Revisa la comparación, que se vuelve a leer, antes de intentarlo de nuevo.',
} as const;

const actionOf = (wanted: BillChange): HostAction => {
  const sure = wanted.confirm === true ? { confirm: true as const } : {};
  if (wanted.action === 'settle_bill') return { action: 'settle_bill', by: wanted.by, ...sure };
  return 'lines' in wanted
    ? { action: 'save_bill', lines: [...wanted.lines], printedTotal: wanted.printedTotal, ...sure }
    : { action: 'save_bill', total: wanted.total, ...sure };
};

/**
 * The comparison of the party on screen: asked when the section shows and
 * again whenever the party is read again (`readAt`, the feed's last answer),
 * so it follows the guests' orders and claims.
 */
export function useHostBill(active: boolean, readAt: number | null): BillState {
  const { places } = useHostSession();
  const [bill, setBill] = useState<HostBill | null>(null);
  const [status, setStatus] = useState<BillStatus>('loading');
  const [asked, setAsked] = useState(0);
  const [question, setQuestion] = useState<{ readonly text: string; readonly reply: (yes: boolean) => void } | null>(null);

  useEffect(() => {
    if (!active) return;
    let current = true;
    void places.ask({ action: 'bill' }).then((answer) => {
      if (!current) return;
      const read = answer.kind === 'ok' ? parseBill(answer.json) : null;
      if (read) setBill(read);
      if (answer.kind === 'refused' && answer.status === 404) setBill(null);
      setStatus(read ? 'ready' : answer.kind === 'refused' && answer.status === 404 ? 'none' : answer.kind === 'offline' ? 'offline' : 'failed');
    });
    return () => {
      current = false;
    };
  }, [places, active, readAt, asked]);

  const change = useCallback(
    async (wanted: BillChange): Promise<string | null> => {
      // With no signal at all the request never leaves: nothing was saved.
      const leftOnline = navigator.onLine;
      let answer = await places.ask(actionOf(wanted));
      const ask = askFirstOf(answer);
      if (ask) {
        // Undone by the server until the host says so: nothing changed meanwhile.
        const yes = await new Promise<boolean>((reply) => setQuestion({ text: ask.question, reply }));
        setQuestion(null);
        if (!yes) return NOTHING_CHANGED;
        answer = await places.ask(actionOf({ ...wanted, confirm: true }));
      }
      const show = (read: HostBill) => {
        setBill(read);
        setStatus('ready');
      };
      const readAgain = () => setAsked((count) => count + 1);
      return changeAnswered(answer, leftOnline, { parse: parseBill, show, readAgain }, { ...BILL_MESSAGES, reason: hostReason });
    },
    [places],
  );

  const answer = useCallback((yes: boolean) => question?.reply(yes), [question]);
  return { bill, status, change, question: question?.text ?? null, answer };
}
