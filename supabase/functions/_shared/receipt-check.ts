/**
 * The bar's bill as the host's table shows it first (issue 41): the typed
 * lines of receipt-text.ts, corrected by what the bill and the party already
 * say. OCR misreads digits on thermal print (`16.998` for `16.990`, `$60.041`
 * for `$6.041`) and letters in names; the bill corrects itself: a line's
 * units × its unit price are its total, its prices end in 0, its lines sum
 * to its subtotal, subtotal less discount plus tip is its total, and a name
 * close to a product of the party's list (at the list's price) is that
 * product. A line no rule reconciles is flagged for the host, never guessed
 * silently. Pure: the phone drafts with it, and checks the model's reading
 * with it too (`checkReceiptLines`).
 */
import { closestProduct } from './receipt-names.ts';
import { parseReceiptText, type Printed, type ReceiptLineKind, type ReceiptText, type ReceiptTextLine } from './receipt-text.ts';

export interface ListedProduct {
  readonly name: string;
  readonly price: number;
}

export interface DraftLine {
  readonly kind: ReceiptLineKind;
  /** A product's name (a misread one spelled as the list spells it), or the figure's label. */
  readonly product: string;
  readonly quantity: number;
  /** One unit, whole pesos; a figure's amount for the bill's own figures. */
  readonly unitPrice: number;
  /** Why the host should look at it; null when the bill (or the party's list) confirms it. */
  readonly doubt: string | null;
}

export interface ReceiptDraft {
  /** Every line in the bill's order: the products and the bill's own figures. */
  readonly lines: readonly DraftLine[];
  /** What the bill says its products come to: its subtotal, or its total less the tip plus the discount; null when it prints neither. */
  readonly billTotal: number | null;
  /** Lines with a price that read as no line. */
  readonly unread: readonly string[];
}

export const DOUBTS = {
  figures: 'La cantidad por el precio no da el total de la línea: revisa esta línea.',
  unread: 'No se leyó bien esta línea: revisa la cantidad y el precio.',
  unsure: 'Nada en la boleta confirma esta línea: revísala.',
} as const;

// ─── Figures OCR may have misread ───────────────────────────────────────────

/** Digits OCR takes for one another on thermal print. */
const CONFUSED: Readonly<Record<string, string>> = {
  '0': '869',
  '8': '0639',
  '6': '805',
  '9': '802',
  '3': '89',
  '5': '63',
  '1': '74',
  '7': '12',
  '4': '1',
  '2': '79',
};

interface Variant {
  readonly value: number;
  /** Digits changed or dropped to read it so. */
  readonly cost: number;
}

/** A printed figure's readings: as read (cost 0), one digit changed or dropped (1), two changed (2). */
export function readings(figure: Printed | null, misreads: boolean): Variant[] {
  if (!figure) return [];
  // A count OCR could not read (`xa`): the counts a round usually has.
  if (figure.value === null) return misreads && /^[xX×]/.test(figure.text) ? Array.from({ length: 12 }, (_, index) => ({ value: index + 1, cost: 1 })) : [];
  const digits = String(figure.value);
  const found = new Map<number, number>([[figure.value, 0]]);
  if (!misreads) return [{ value: figure.value, cost: 0 }];
  const add = (text: string, cost: number) => {
    if (!/^[1-9]\d*$/.test(text)) return;
    const value = Number(text);
    if ((found.get(value) ?? Infinity) > cost) found.set(value, cost);
  };
  const oneOff = (text: string): string[] => {
    const out: string[] = [];
    for (let at = 0; at < text.length; at += 1) {
      for (const other of CONFUSED[text.charAt(at)] ?? '') out.push(text.slice(0, at) + other + text.slice(at + 1));
    }
    return out;
  };
  for (const once of oneOff(digits)) {
    add(once, 1);
    for (const twice of oneOff(once)) add(twice, 2);
  }
  // A digit too many: the peso sign read as a 5, an 8 or a 9 (half a change where no $ was read), a stray mark read as a digit.
  const signLike = !figure.text.includes('$') && /^[35689]/.test(digits);
  for (let at = 0; at < digits.length; at += 1) {
    const dropped = digits.slice(0, at) + digits.slice(at + 1);
    add(dropped, at === 0 && signLike ? 0.5 : 1);
    if (at === 0 && signLike) for (const once of oneOff(dropped)) add(once, 1.5);
    // Two digits too many (`$4.59200`).
    for (let next = at; next < dropped.length; next += 1) add(dropped.slice(0, next) + dropped.slice(next + 1), 2);
  }
  // A digit OCR lost (`$5.40` for `$5.490`).
  for (let at = 1; at <= digits.length; at += 1) for (const digit of '0123456789') add(digits.slice(0, at) + digit + digits.slice(at), 1);
  return [...found].map(([value, cost]) => ({ value, cost }));
}

// ─── A product line ─────────────────────────────────────────────────────────

interface Reading {
  readonly quantity: number;
  readonly unitPrice: number;
  /** Digits changed, plus what the bill's habits say against it (a price not ending in 0). */
  readonly cost: number;
  /** A rule confirms it: units × unit price = the printed total, or the list's price for its name. */
  readonly confirmed: boolean;
  /** Units × unit price = the printed total. */
  readonly agrees: boolean;
}

const isCount = (value: number) => Number.isInteger(value) && value >= 1 && value <= 1000;
const MAX_COST = 3;

/**
 * Every reading of a product line the bill allows, best first: its units and
 * unit price, within a few misread digits, with units × price = the total
 * where both are printed, a price ending in 0 preferred, the list's price for
 * the line's product preferred.
 */
function readingsOf(line: ReceiptTextLine, listPrice: number | null, misreads: boolean): Reading[] {
  const quantities = line.quantity ? readings(line.quantity, misreads).filter((variant) => isCount(variant.value)) : [];
  const units = readings(line.unitPrice, misreads);
  const totals = readings(line.total, misreads);
  const out: Reading[] = [];
  const push = (quantity: number, unitPrice: number, cost: number, checked: boolean) => {
    if (!isCount(quantity) || !Number.isSafeInteger(unitPrice) || unitPrice < 1) return;
    const listed = listPrice !== null && unitPrice === listPrice;
    // A figure a digit or two from the list's price for the line's product is that price, misread.
    const habits = (unitPrice % 10 === 0 ? 0 : 1) + (listPrice !== null && !listed ? 1.5 : 0);
    if (cost + habits <= MAX_COST + 1) out.push({ quantity, unitPrice, cost: cost + habits, confirmed: checked || listed, agrees: checked });
  };
  const countsOr1 = quantities.length > 0 ? quantities : [{ value: 1, cost: 0 }];
  if (units.length > 0 && totals.length > 0) {
    for (const unit of units) {
      for (const total of totals) {
        if (unit.cost + total.cost > MAX_COST || total.value % unit.value !== 0) continue;
        const quantity = total.value / unit.value;
        const printedCount = quantities.find((count) => count.value === quantity);
        if (line.quantity && !printedCount) continue;
        push(quantity, unit.value, unit.cost + total.cost + (printedCount?.cost ?? 0), true);
      }
    }
    // The two figures do not agree: the unit price as printed, or the one the total gives; the host checks it.
    for (const count of quantities.length > 0 ? quantities : countsOr1) {
      for (const unit of units) push(count.value, unit.value, count.cost + unit.cost + 2, false);
      for (const total of totals) if (total.value % count.value === 0) push(count.value, total.value / count.value, count.cost + total.cost + 2.5, false);
    }
    // Figures no reading reconciles: the line as read, for the host to check.
    if (out.length === 0) {
      const unit = line.unitPrice?.value ?? 0;
      push(line.quantity?.value ?? Math.max(1, Math.round((line.total?.value ?? 0) / Math.max(unit, 1))), unit, MAX_COST, false);
    }
  } else if (totals.length > 0) {
    for (const count of countsOr1) {
      for (const total of totals) {
        if (total.value % count.value === 0) push(count.value, total.value / count.value, count.cost + total.cost, false);
      }
    }
  } else {
    for (const count of countsOr1) for (const unit of units) push(count.value, unit.value, count.cost + unit.cost, false);
  }
  return out.sort((a, b) => a.cost - b.cost || Number(b.confirmed) - Number(a.confirmed));
}

interface ProductChoice {
  readonly product: string;
  readonly options: readonly Reading[];
  chosen: Reading;
  doubt: string | null;
}

function productChoice(line: ReceiptTextLine, list: readonly ListedProduct[], misreads: boolean): ProductChoice {
  const firstGuess = line.unitPrice?.value ?? (line.total?.value ?? 0) / Math.max(line.quantity?.value ?? 1, 1);
  const match = closestProduct(line.name, list, { price: firstGuess, misreads });
  const listPrice = match ? match.product.price : null;
  // A count the host typed that is no count is theirs to correct, never read as one unit.
  const unreadCount = !misreads && line.quantity !== null && line.quantity.value === null;
  const options = unreadCount ? [] : readingsOf(line, listPrice, misreads);
  const best = options[0] ?? {
    quantity: unreadCount ? 0 : (line.quantity?.value ?? 1),
    unitPrice: Math.max(Math.round(firstGuess), 0),
    cost: MAX_COST,
    confirmed: false,
    agrees: false,
  };
  const bothPrinted = line.unitPrice?.value != null && line.total?.value != null;
  const doubt =
    bothPrinted && !best.agrees ? DOUBTS.figures : best.confirmed ? null : best.cost >= MAX_COST || best.unitPrice < 1 ? DOUBTS.unread : DOUBTS.unsure;
  return { product: match && misreads ? match.corrected : line.name, options, chosen: best, doubt };
}

// ─── The bill's own figures ─────────────────────────────────────────────────

interface Figure {
  readonly kind: Exclude<ReceiptLineKind, 'product'>;
  readonly line: ReceiptTextLine;
  /** Its position among the bill's lines: a tip printed before the total is in it. */
  readonly at: number;
}

/**
 * What the products come to by the bill's own figures, each within a few
 * misread digits: the subtotal, or the total less the tip it includes plus
 * the discounts; where both are printed, the reading on which they agree.
 */
function billTotalOf(figures: readonly Figure[], misreads: boolean): number | null {
  const one = (kind: Figure['kind']) => figures.find((figure) => figure.kind === kind);
  const subtotal = one('subtotal');
  const total = figures.filter((figure) => figure.kind === 'total').at(-1);
  const tip = one('tip');
  const discounts = figures.filter((figure) => figure.kind === 'discount');
  const discount = discounts.reduce((sum, figure) => sum + (figure.line.total?.value ?? 0), 0);
  const fromTotal = (value: number, tipValue: number) => value - (tip && total && tip.at < total.at ? tipValue : 0) + discount;
  if (subtotal?.line.total?.value != null && total?.line.total?.value != null) {
    const tips = tip ? readings(tip.line.total, misreads) : [{ value: 0, cost: 0 }];
    let best: { value: number; cost: number } | null = null;
    for (const sub of readings(subtotal.line.total, misreads)) {
      for (const whole of readings(total.line.total, misreads)) {
        for (const tipValue of tips) {
          const cost = sub.cost + whole.cost + tipValue.cost;
          if (cost <= 2 && fromTotal(whole.value, tipValue.value) === sub.value && (!best || cost < best.cost)) best = { value: sub.value, cost };
        }
      }
    }
    return best?.value ?? subtotal.line.total.value;
  }
  if (subtotal?.line.total?.value != null) return subtotal.line.total.value;
  if (total?.line.total?.value != null) return fromTotal(total.line.total.value, tip?.line.total?.value ?? 0);
  return null;
}

// ─── The draft ──────────────────────────────────────────────────────────────

const lineAmount = (reading: Reading) => reading.quantity * reading.unitPrice;

/** How many lines the sum may correct at once, and how many misread digits in all. */
const SUM_FIXES = { lines: 3, cost: 4 } as const;

interface SumState {
  readonly cost: number;
  readonly picks: readonly (readonly [ProductChoice, Reading])[];
  /** Another set of readings as cheap reaches the same sum: the bill cannot tell them apart. */
  readonly tied: boolean;
}

/**
 * When the products do not sum to what the bill says, the readings of a few
 * lines that make them sum, the cheapest in misread digits if no other as
 * cheap does; then every line is confirmed by the sum. A line the bill already
 * confirmed costs more to change.
 */
function reconcileSum(choices: readonly ProductChoice[], billTotal: number | null): void {
  if (billTotal === null || choices.length === 0) return;
  const sum = choices.reduce((total, choice) => total + lineAmount(choice.chosen), 0);
  if (sum !== billTotal) {
    let states = new Map<number, SumState>([[0, { cost: 0, picks: [], tied: false }]]);
    for (const choice of choices) {
      const next = new Map(states);
      const others = choice.options.filter((option) => option !== choice.chosen).slice(0, 8);
      for (const [delta, state] of states) {
        if (state.picks.length >= SUM_FIXES.lines) continue;
        for (const option of others) {
          const cost = state.cost + Math.max(option.cost - choice.chosen.cost, 0.25) + (choice.doubt === null ? 2 : 0);
          if (cost > SUM_FIXES.cost) continue;
          const key = delta + lineAmount(option) - lineAmount(choice.chosen);
          const known = next.get(key);
          if (!known || cost < known.cost) next.set(key, { cost, picks: [...state.picks, [choice, option]], tied: false });
          else if (cost === known.cost) next.set(key, { ...known, tied: true });
        }
      }
      states = next;
    }
    const found = states.get(billTotal - sum);
    if (!found || found.tied || found.picks.length === 0) return;
    for (const [choice, option] of found.picks) choice.chosen = option;
  }
  for (const choice of choices) choice.doubt = null;
}

/**
 * The draft of a bill read from text: each line typed, a product's figures
 * and name corrected by the bill's own rules and the party's list when the
 * text came from a photo (`misreads`), the bill's total for its products, and
 * what is still in doubt.
 */
export function draftReceipt(text: ReceiptText, list: readonly ListedProduct[], options: { readonly misreads: boolean }): ReceiptDraft {
  const figures: Figure[] = [];
  const choices = new Map<number, ProductChoice>();
  text.lines.forEach((line, at) => {
    if (line.kind === 'product') choices.set(at, productChoice(line, list, options.misreads));
    else figures.push({ kind: line.kind, line, at });
  });
  const billTotal = billTotalOf(figures, options.misreads);
  reconcileSum([...choices.values()], billTotal);
  const lines = text.lines.map((line, at): DraftLine => {
    const choice = choices.get(at);
    if (choice) return { kind: 'product', product: choice.product, quantity: choice.chosen.quantity, unitPrice: choice.chosen.unitPrice, doubt: choice.doubt };
    return { kind: line.kind, product: line.name, quantity: 1, unitPrice: line.total?.value ?? 0, doubt: null };
  });
  return { lines, billTotal, unread: text.unread };
}

/** Text the host pasted, or a photo's OCR text: parsed and drafted in one step. */
export function draftFromText(text: string, list: readonly ListedProduct[], options: { readonly misreads: boolean }): ReceiptDraft {
  const known = (name: string) => {
    const match = closestProduct(name, list, options);
    return match !== null && match.how !== 'near';
  };
  return draftReceipt(parseReceiptText(text, known), list, options);
}
