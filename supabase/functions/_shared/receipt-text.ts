/**
 * A bar's bill as text (what the phone's OCR reads off a photo, or lines the
 * host pastes) to its typed lines (issue 41). One parser for the layouts bars
 * print: `2 PISCO SOUR 11.980`, `PISCO SOUR  2  5.990  11.980`,
 * `PISCO SOUR x2 $11.980`, a name on one line and `2 x $5.990  $11.980` on
 * the next, a name and one price (one unit), and the host's own
 * `Producto;Cantidad;Precio`; pesos with `.` between thousands, `$` or not.
 * Every line is a product or one of the bill's own figures ('Propina',
 * 'Subtotal', 'Total', 'Descuento', 'IVA'), which is never a product; what
 * has no price (the bar's name, the date, the table) is left out. Pure: the
 * host's page and the `host` function read with it, and receipt-check.ts
 * corrects what OCR misread with what the bill itself says.
 */
import { parsePrice, splitFields } from './menu-import.ts';
import { nameKey } from './name-key.ts';
import { editDistance } from './receipt-names.ts';

export type ReceiptLineKind = 'product' | 'tip' | 'subtotal' | 'total' | 'discount' | 'tax';

/** What the host reads for each of the bill's own figures. */
export const RECEIPT_KIND_NAMES: Readonly<Record<Exclude<ReceiptLineKind, 'product'>, string>> = {
  tip: 'Propina',
  subtotal: 'Subtotal',
  total: 'Total',
  discount: 'Descuento',
  tax: 'IVA',
};

/** A figure as the text printed it, and its value when it reads as one. */
export interface Printed {
  readonly text: string;
  readonly value: number | null;
}

export interface ReceiptTextLine {
  readonly kind: ReceiptLineKind;
  /** A product's name as printed (cleaned), or the figure's label. */
  readonly name: string;
  /** A product's units as printed; null when the bill prints none (one unit, or the total over the unit price). */
  readonly quantity: Printed | null;
  /** One unit's price as printed; null when only the line's total is. */
  readonly unitPrice: Printed | null;
  /** The line's total as printed (a figure's amount); null when only the unit price is. */
  readonly total: Printed | null;
  /** The text it was read from: one line, or a name's line and the line of its figures. */
  readonly source: string;
}

export interface ReceiptText {
  readonly lines: readonly ReceiptTextLine[];
  /** Lines that looked like a bill line (a price in them) but read as none: shown to the host, never guessed. */
  readonly unread: readonly string[];
}

// ─── Figures as OCR reads them ──────────────────────────────────────────────

/** Letters OCR reads for digits in a figure on thermal print. */
const DIGIT_LOOKALIKES: Readonly<Record<string, string>> = {
  O: '0',
  o: '0',
  D: '0',
  Q: '0',
  l: '1',
  I: '1',
  i: '1',
  '|': '1',
  '!': '1',
  Z: '2',
  z: '2',
  S: '5',
  s: '5',
  B: '8',
  g: '9',
  á: '4',
  A: '4',
  '%': '9',
};

const asDigits = (text: string) => Array.from(text, (character) => DIGIT_LOOKALIKES[character] ?? character).join('');

/**
 * A price: `11.980`, `$11.980`, `11980`, `$ 6 041` (the space OCR reads for a
 * dot), at least 3 digits; a sign in front for a discount. A group of four
 * digits is OCR's doubled digit (`3.9909`): read as it is, receipt-check.ts
 * drops the digit too many.
 */
const MONEY = /^[-–]?\$?(\d{1,3}(?:[.,]\d{3,5})+|\d{3,7})[.,]?$/;
/** With its peso sign a figure is a price even with a digit lost from a group (`$5.40`). */
const SIGNED_MONEY = /^[-–]?\$(\d{1,3}(?:[.,]\d{2,5})+)[.,]?$/;
/** A quantity: 1 to 3 digits, or `x2`, `2x`, `X 2`. */
const COUNT = /^(\d{1,3})$/;

/** The pesos of a money token (lookalikes read as digits), or null. */
export function readMoney(token: string): number | null {
  // An `S` before the figure is the peso sign; a word of lookalike letters alone ('DOS', 'SOL') is no price.
  const signed = token.replace(/^([-–]?)[Ss](?=[\dOolI])/, '$1$');
  if ((signed.match(/\d/g) ?? []).length < 2) return null;
  const match = MONEY.exec(asDigits(signed)) ?? SIGNED_MONEY.exec(asDigits(signed));
  if (!match?.[1]) return null;
  return Number(match[1].replace(/[.,]/g, ''));
}

/** A figure OCR broke: digits with a dot, a comma or a peso sign, that read as no price. */
export function isBrokenMoney(token: string): boolean {
  return readMoney(token) === null && /[.,$%]/.test(token) && (token.match(/\d/g) ?? []).length >= 2 && !/\p{L}{2}/u.test(token);
}

function readCount(token: string): number | null {
  const match = COUNT.exec(asDigits(token));
  const value = match?.[1] ? Number(match[1]) : null;
  return value !== null && value > 0 ? value : null;
}

const printed = (text: string, value: number | null): Printed => ({ text, value });

// ─── Words ──────────────────────────────────────────────────────────────────

/** Digits OCR reads for letters in a word. */
const LETTER_LOOKALIKES: Readonly<Record<string, string>> = { '0': 'o', '1': 'i', '5': 's', '8': 'b', '6': 'g', '|': 'i', $: 's' };

/** A label's words, folded and with digits read as the letters they stand for. */
function labelWords(text: string): string[] {
  return nameKey(text)
    .split(/[^\p{L}\p{N}|$]+/u)
    .filter(Boolean)
    .map((word) => (/\p{L}/u.test(word) ? Array.from(word, (character) => LETTER_LOOKALIKES[character] ?? character).join('') : word));
}

/** Whether a word is one of `words`: exactly, or for a long word one letter misread, added or dropped. */
function isWord(word: string, words: readonly string[]): boolean {
  return words.some((known) => word === known || (known.length >= 5 && Math.abs(word.length - known.length) <= 1 && editDistance(word, known) <= 1));
}

/** Lines of the bill's heading and foot that carry numbers but no price: the bar's RUT, the folio, the date, the table. */
const NOT_A_LINE_WORDS = [
  'rut',
  'boleta',
  'electronica',
  'folio',
  'fecha',
  'hora',
  'mesa',
  'garzon',
  'mesero',
  'cajero',
  'cajera',
  'caja',
  'telefono',
  'fono',
  'tel',
  'www',
  'direccion',
  'giro',
  'cliente',
  'comuna',
  'nro',
  'ticket',
  'comensales',
  'personas',
  'atendido',
];

const isNotALine = (row: string) => labelWords(row).some((word) => isWord(word, NOT_A_LINE_WORDS));

/** The bill's own figures, by their words (a digit OCR read for a letter does not hide them); the first that applies. */
const KINDS: readonly (readonly [Exclude<ReceiptLineKind, 'product'>, readonly string[]])[] = [
  ['subtotal', ['subtotal']],
  ['total', ['total']],
  ['tip', ['propina', 'servicio', 'tip', 'gratuity']],
  ['discount', ['descuento', 'desc', 'dcto', 'dscto', 'descto', 'promocion']],
  ['tax', ['iva', 'neto', 'impuesto', 'impuestos', 'exento']],
];

export function kindOf(label: string): ReceiptLineKind {
  const words = labelWords(label);
  // `SUB TOTAL`, `SUB-TOTAL`: the subtotal, whatever the total after it.
  const joined = words.join('');
  if (isWord(joined, ['subtotal']) || words.some((word) => isWord(word, ['subtotal']))) return 'subtotal';
  return KINDS.find(([kind, known]) => kind !== 'subtotal' && words.some((word) => isWord(word, known)))?.[0] ?? 'product';
}

/** A product's name as printed, without what OCR adds around it: leaders, bars, stray signs. */
export function cleanName(text: string): string {
  return text
    .replace(/[|_~*=+«»"“”]+/g, ' ')
    .replace(/\.{2,}|·{2,}|-{2,}/g, ' ')
    .replace(/^[\s\-–—.,:;'`]+|[\s\-–—,:;'`]+$/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

const hasLetters = (text: string) => (text.match(/\p{L}/gu) ?? []).length >= 2;

// ─── One line ───────────────────────────────────────────────────────────────

interface Figures {
  /** What is left of the line once its figures are taken off its end (and a count off its start). */
  readonly rest: string;
  readonly quantity: Printed | null;
  readonly unitPrice: Printed | null;
  readonly total: Printed | null;
}

/** Tokens, with `$ 6.041` and `$6 041` (OCR's space for a dot) put back together, and `3$12.990` apart. */
function tokensOf(line: string): string[] {
  const raw = line
    .trim()
    .split(/\s+/)
    .flatMap((token) => {
      // `3$12.990` and `5x5.490`: a count run into its price.
      const run = /^(\d{1,3}[xX×]?)(\$?\d.*)$/.exec(token);
      return run?.[1] && run[2] && (token.includes('$') || /[xX×]/.test(run[1])) ? [run[1], run[2]] : [token];
    })
    .filter(Boolean);
  const tokens: string[] = [];
  for (const token of raw) {
    const previous = tokens.at(-1);
    if (previous !== undefined && /^[-–]?[$S]$/.test(previous) && /^\d/.test(asDigits(token))) tokens[tokens.length - 1] = previous + token;
    else if (previous !== undefined && /^[-–]?\$\d{1,3}$/.test(previous) && /^\d{3}[.,]?$/.test(asDigits(token)))
      tokens[tokens.length - 1] = `${previous}.${token}`;
    else tokens.push(token);
  }
  return tokens;
}

/** The x of `x2` and `2 x 5.990`, and what OCR reads for it. */
const X = '[xX×*%]';
/** A count written beside the name: `x2`, `X2`, `2x`. */
const X_COUNT = new RegExp(`^${X}(\\S{1,3})$|^(\\S{1,3})${X}$`);
const IS_X = new RegExp(`^${X}$`);
/** A unit after a count: `2 UN`, `2 UDS`. */
const UNIT_WORD = /^(un|und|uds?|u)\.?$/i;

/** A count, or for an x-marked one OCR could not read (`xa`), a count of no value: receipt-check.ts tries the likely ones. */
function countOf(token: string, marked: boolean): Printed | null {
  const xCount = X_COUNT.exec(token);
  if (marked && !xCount) return null;
  const value = readCount(xCount ? (xCount[1] ?? xCount[2] ?? '') : token);
  if (value === null && xCount && /^[xX×]/.test(token)) return printed(token, null);
  return value === null ? null : printed(token, value);
}

/**
 * The figures at the end of a line (one or two prices) and its count: before
 * the prices (`PISCO SOUR  2  5.990  11.980`, only with two prices: with one,
 * a number there is the name's, as in 'RON ZACAPA 23'), marked with an x
 * (`x2`, `2 x $5.990`, `2 UN`), or first (`2 PISCO SOUR`). With a count in
 * two places, the one that makes units × price the total.
 */
function figuresOf(line: string): Figures {
  const tokens = tokensOf(line);
  const money: string[] = [];
  const junk = (token: string) => /^[^\p{L}\p{N}$]+$/u.test(token);
  while (tokens.length > 0 && money.length < 2) {
    // Marks OCR leaves among the figures: a bar, a dot, a dash, a stray small letter after the last price.
    while (
      tokens.length > 0 &&
      (junk(tokens.at(-1) ?? '') || (money.length === 0 && /^\p{Ll}$/u.test(tokens.at(-1) ?? '') && readMoney(tokens.at(-2) ?? '') !== null))
    ) {
      tokens.pop();
    }
    const last = tokens.at(-1) ?? '';
    const before = tokens.at(-2) ?? '';
    // `74 956`: a price whose dot OCR read as a space (a bill's price under $1.000 is rare).
    if (/^\d{3}$/.test(asDigits(last)) && /^\$?\d{1,3}$/.test(asDigits(before))) {
      tokens.splice(-2, 2, `${before}.${last}`);
      continue;
    }
    // A last figure OCR broke (`4.9%`, `10.98.`) after a price: the line's total, unread.
    if (money.length === 0 && readMoney(last) === null && isBrokenMoney(last) && readMoney(before) !== null) {
      money.unshift(last);
      tokens.pop();
      continue;
    }
    if (readMoney(last) === null) break;
    money.unshift(last);
    tokens.pop();
  }
  if (money.length === 0) return { rest: tokens.join(' '), quantity: null, unitPrice: null, total: null };
  const [first, second] = money;
  const total = printed(second ?? first ?? '', readMoney(second ?? first ?? ''));
  const unitPrice = second === undefined ? null : printed(first ?? '', readMoney(first ?? ''));
  const fits = (count: Printed | null) =>
    count?.value != null && unitPrice?.value != null && total.value !== null && count.value * unitPrice.value === total.value;
  // Where a count may be: with its mark as two tokens at the end (`2 x`, `2 UN`, `x 2`), alone at the end, first.
  const candidates: { count: Printed; take: (words: string[]) => string[] }[] = [];
  if (tokens.length >= 2) {
    const [before = '', last = ''] = tokens.slice(-2);
    const split = IS_X.test(before) ? last : IS_X.test(last) || UNIT_WORD.test(last) ? before : null;
    const count = split === null ? null : countOf(split, false);
    if (count) candidates.push({ count, take: (words) => words.slice(0, -2) });
  }
  const lastCount = tokens.length > 1 ? countOf(tokens.at(-1) ?? '', unitPrice === null) : null;
  if (lastCount) candidates.push({ count: lastCount, take: (words) => words.slice(0, -1) });
  const firstCount = tokens.length > 1 || candidates.length === 0 ? countOf(tokens[0] ?? '', false) : null;
  if (firstCount) candidates.push({ count: firstCount, take: (words) => (IS_X.test(words[1] ?? '') ? words.slice(2) : words.slice(1)) });
  // The count that makes units × price the total; else a marked one, then the first, then the last.
  const order = (candidate: (typeof candidates)[number]) =>
    fits(candidate.count) ? 0 : candidate.count === firstCount ? 2 : candidate.count === lastCount ? 3 : 1;
  const [chosen] = [...candidates].sort((a, b) => order(a) - order(b));
  if (!chosen) return { rest: tokens.join(' '), quantity: null, unitPrice, total };
  return { rest: chosen.take(tokens).join(' '), quantity: chosen.count, unitPrice, total };
}

/** The host's own `Producto;Cantidad;Precio` (the unit price), as the box has always taken it. */
function pastedLine(row: string): ReceiptTextLine | 'heading' | null {
  if (!row.includes(';')) return null;
  const fields = splitFields(row);
  if (fields.length !== 3) return null;
  const [name = '', quantity = '', price = ''] = fields.map((field) => field.trim());
  if (/^producto$/i.test(name) && parsePrice(price) === null) return 'heading';
  const kind = kindOf(name);
  const units = /^\d+$/.test(quantity) ? Number(quantity) : null;
  const unit = parsePrice(price);
  if (kind !== 'product')
    return { kind, name: cleanName(name), quantity: null, unitPrice: null, total: printed(price, unit === null ? null : unit * (units ?? 1)), source: row };
  return { kind, name: cleanName(name), quantity: printed(quantity, units), unitPrice: printed(price, unit), total: null, source: row };
}

/** A heading such as `CANT DESCRIPCION P.UNIT TOTAL`: words only, one of them a column's. */
const HEADING = /^(cant|cantidad|descripci[oó]n|producto|detalle|p\.?\s*unit|precio|valor|total|importe|item|[ií]tem)\b/i;

/**
 * The bill's text, line by line. A name alone on its line is kept for the
 * line under it when that line is only figures (`2 x $5.990  $11.980`).
 */
export function parseReceiptText(text: string, known: (name: string) => boolean = () => false): ReceiptText {
  const lines: ReceiptTextLine[] = [];
  const unread: string[] = [];
  let pendingName: string | null = null;
  // Once the bill's lines begin (a heading of columns, or a first product), a name may run over two lines.
  let inItems = false;
  const rows = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  for (const raw of rows) {
    const row = raw.replace(/\s+/g, ' ').trim();
    if (row === '') continue;
    const pasted = pastedLine(row);
    if (pasted) {
      if (pasted !== 'heading') lines.push(pasted);
      pendingName = null;
      continue;
    }
    const figures = figuresOf(row);
    const rest = cleanName(figures.rest);
    if (!figures.total) {
      const heading = rest !== '' && rest.split(' ').every((word) => HEADING.test(word));
      inItems ||= heading;
      const name = hasLetters(rest) && !heading && !isNotALine(row) ? rest : null;
      // A bill line whose price OCR broke (`10.98.`): a line to fix, not a name for the next one.
      const broken = isBrokenMoney(row.split(' ').at(-1) ?? '') && name !== null && inItems;
      if (broken && kindOf(name) === 'product') {
        lines.push({
          kind: 'product',
          name: cleanName(name.replace(/\S+$/, '')) || name,
          quantity: figures.quantity,
          unitPrice: null,
          total: printed(row.split(' ').at(-1) ?? '', null),
          source: row,
        });
        pendingName = null;
        continue;
      }
      // No price: a name waiting for its figures (a name of words only may run over two lines), the bill's heading, or its foot.
      const wordsOnly = (text: string | null) => text !== null && !/\d/.test(text);
      pendingName = name !== null && inItems && wordsOnly(pendingName) && wordsOnly(name) ? `${pendingName} ${name}` : name;
      continue;
    }
    if (isNotALine(row)) {
      pendingName = null;
      continue;
    }
    const kind = kindOf(rest);
    if (kind !== 'product') {
      lines.push({ kind, name: rest, quantity: null, unitPrice: null, total: figures.total, source: row });
      pendingName = null;
      continue;
    }
    // A name's end printed under its figures ('BOTELLA CARMENERE  1 $17.990' over 'RESERVA'): the line above's, when the
    // list knows that name and not the other.
    const previous = lines.at(-1);
    if (pendingName !== null && hasLetters(rest) && inItems && previous?.kind === 'product' && !known(`${pendingName} ${rest}`)) {
      const longer = `${previous.name} ${pendingName}`;
      if (known(longer) || known(rest)) {
        lines[lines.length - 1] = { ...previous, name: longer, source: `${previous.source}\n${pendingName}` };
        pendingName = null;
      }
    }
    // Only figures: the line under a name; a name and figures under a name's start: the name run over.
    const joined = pendingName !== null && (!hasLetters(rest) || inItems);
    const name = joined ? (hasLetters(rest) ? `${pendingName} ${rest}` : pendingName) : hasLetters(rest) ? rest : null;
    const source = joined ? `${pendingName}\n${row}` : row;
    pendingName = null;
    if (name === null) {
      unread.push(row);
      continue;
    }
    inItems = true;
    const nameKind = kindOf(name);
    if (nameKind !== 'product') {
      lines.push({ kind: nameKind, name, quantity: null, unitPrice: null, total: figures.total, source });
      continue;
    }
    lines.push({ kind, name, quantity: figures.quantity, unitPrice: figures.unitPrice, total: figures.total, source });
  }
  return { lines, unread };
}
