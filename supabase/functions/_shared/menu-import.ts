/**
 * A product the host writes, and a list the host imports, checked by the same
 * pure rules on the host's page (the preview) and in the `host` function (the
 * refusal): each line's problem in Spanish, numbered as the host sees it.
 * Dependency-free but for rules.ts, so the function bundles it.
 */
import {
  cleanGuestText,
  formatPesos,
  isProductCategory,
  isProductName,
  isProductPrice,
  nameKey,
  PRODUCT_CATEGORY_LENGTH,
  PRODUCT_NAME_LENGTH,
  PRODUCT_PRICE,
} from './rules.ts';

export interface MenuProduct {
  readonly name: string;
  /** Whole pesos. */
  readonly price: number;
  readonly category: string;
}

/** Lines one import may hold: a bar's list is a few hundred. */
export const MAX_IMPORT_LINES = 1000;

export const PRODUCT_PROBLEMS = {
  name: `El nombre debe tener entre ${PRODUCT_NAME_LENGTH.min} y ${PRODUCT_NAME_LENGTH.max} caracteres, con letras.`,
  price: `El precio debe ser un entero de pesos entre ${formatPesos(PRODUCT_PRICE.min)} y ${formatPesos(PRODUCT_PRICE.max)}.`,
  category: `La categoría debe tener entre ${PRODUCT_CATEGORY_LENGTH.min} y ${PRODUCT_CATEGORY_LENGTH.max} caracteres, con letras.`,
  fields: 'Se esperan tres campos: Nombre;Precio;Categoría.',
} as const;

export type Checked<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problem: string };

/** Text as it is kept: cleaned like every name (cleanGuestText); anything but a string is empty. */
export const cleanProductText = (text: unknown): string => (typeof text === 'string' ? cleanGuestText(text) : '');

export function checkProductName(name: unknown): Checked<string> {
  const clean = cleanProductText(name);
  return isProductName(clean) ? { ok: true, value: clean } : { ok: false, problem: PRODUCT_PROBLEMS.name };
}

export function checkProductPrice(price: unknown): Checked<number> {
  return isProductPrice(price) ? { ok: true, value: price } : { ok: false, problem: PRODUCT_PROBLEMS.price };
}

export function checkProductCategory(category: unknown): Checked<string> {
  const clean = cleanProductText(category);
  return isProductCategory(clean) ? { ok: true, value: clean } : { ok: false, problem: PRODUCT_PROBLEMS.category };
}

/** A product from its three fields, cleaned, or the first field's problem. */
export function checkProduct(fields: { readonly name: unknown; readonly price: unknown; readonly category: unknown }): Checked<MenuProduct> {
  const name = checkProductName(fields.name);
  if (!name.ok) return name;
  const price = checkProductPrice(fields.price);
  if (!price.ok) return price;
  const category = checkProductCategory(fields.category);
  if (!category.ok) return category;
  return { ok: true, value: { name: name.value, price: price.value, category: category.value } };
}

/**
 * A price as a host types it: `7000`, `7.000`, `$7.000`, `$ 7,000`. Whole pesos
 * only: `7000,50` or `7.5` is no price. Null when it is not a number.
 */
export function parsePrice(text: string): number | null {
  const bare = text.trim().replace(/^\$\s*/, '');
  if (/^\d+$/.test(bare)) return Number(bare);
  if (/^\d{1,3}(\.\d{3})+$/.test(bare)) return Number(bare.replaceAll('.', ''));
  if (/^\d{1,3}(,\d{3})+$/.test(bare)) return Number(bare.replaceAll(',', ''));
  return null;
}

/** One line of a pasted list or a CSV's fields: `;` separates them, or `,` (a CSV) or a tab when there is no `;`. */
export function splitFields(line: string): string[] {
  const separator = line.includes(';') ? ';' : line.includes('\t') ? '\t' : ',';
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const character = line.charAt(index);
    if (quoted) {
      if (character === '"' && line.charAt(index + 1) === '"') {
        field += '"';
        index += 1;
      } else if (character === '"') quoted = false;
      else field += character;
    } else if (character === '"' && field.trim() === '') {
      quoted = true;
      field = '';
    } else if (character === separator) {
      fields.push(field);
      field = '';
    } else field += character;
  }
  fields.push(field);
  // A spreadsheet's export may end each line with empty cells.
  while (fields.length > 3 && fields.at(-1)?.trim() === '') fields.pop();
  return fields;
}

export type ImportLine = TextLine<MenuProduct>;

const HEADER = /^\s*"?nombre"?\s*$/i;

/** Marks every line after the first that names the same product (whatever its capitals and accents: nameKey). */
function markRepeats(lines: readonly ImportLine[]): ImportLine[] {
  const seen = new Map<string, number>();
  return lines.map((entry) => {
    if (!entry.result.ok) return entry;
    const key = nameKey(entry.result.value.name);
    const first = seen.get(key);
    if (first === undefined) {
      seen.set(key, entry.line);
      return entry;
    }
    return { ...entry, result: { ok: false, problem: `Repite «${entry.result.value.name}» de la línea ${first}.` } };
  });
}

/** One line of pasted text or a CSV file, and what it is: a product, a bill's line, or its problem. */
export interface TextLine<T> {
  /** 1-based, as the host sees the pasted text or the file. */
  readonly line: number;
  readonly text: string;
  readonly result: Checked<T>;
}

/**
 * The lines of pasted text or a CSV file of three fields each: blank lines and a first line of headings (its first
 * field matching `header`) skipped; every other line is what `read` makes of its three fields, or `fieldsProblem`.
 */
export function parseTextLines<T>(
  text: string,
  header: RegExp,
  fieldsProblem: string,
  read: (fields: readonly [string, string, string]) => Checked<T>,
): TextLine<T>[] {
  const lines: TextLine<T>[] = [];
  text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/)
    .forEach((row, index) => {
      if (row.trim() === '') return;
      const fields = splitFields(row);
      if (lines.length === 0 && header.test(fields[0] ?? '')) return;
      const [first, second, third] = fields;
      const threeFields = fields.length === 3 && first !== undefined && second !== undefined && third !== undefined;
      lines.push({ line: index + 1, text: row, result: threeFields ? read([first, second, third]) : { ok: false, problem: fieldsProblem } });
    });
  return lines;
}

/**
 * The lines of a pasted list or a CSV file: blank lines and a first line of
 * headings ('Nombre;Precio;Categoría') are skipped; every other line is a
 * product or says its problem.
 */
export function parseMenuText(text: string): ImportLine[] {
  const lines = parseTextLines(text, HEADER, PRODUCT_PROBLEMS.fields, ([name, price, category]) => checkProduct({ name, price: parsePrice(price), category }));
  return markRepeats(lines);
}

export interface LineProblem {
  readonly line: number;
  readonly problem: string;
}

/** A line's problem as the host reads it: `Línea 3: El precio debe ser…` */
export const describeProblem = ({ line, problem }: LineProblem): string => `Línea ${line}: ${problem}`;

/**
 * The `import_menu` request's lines (JSON objects { name, price, category }),
 * numbered from 1 in the order sent: every product, or every line's problem.
 */
export function checkImportLines(
  lines: unknown,
): { readonly ok: true; readonly value: MenuProduct[] } | { readonly ok: false; readonly problems: LineProblem[]; readonly error?: string } {
  if (!Array.isArray(lines) || lines.length === 0) return { ok: false, problems: [], error: 'lines debe ser una lista de productos.' };
  if (lines.length > MAX_IMPORT_LINES) return { ok: false, problems: [], error: `Una importación lleva a lo más ${MAX_IMPORT_LINES} líneas.` };
  const checked = markRepeats(
    lines.map((entry: unknown, index): ImportLine => {
      const fields = typeof entry === 'object' && entry !== null && !Array.isArray(entry) ? (entry as Readonly<Record<string, unknown>>) : null;
      return {
        line: index + 1,
        text: '',
        result: fields ? checkProduct({ name: fields.name, price: fields.price, category: fields.category }) : { ok: false, problem: PRODUCT_PROBLEMS.fields },
      };
    }),
  );
  const problems = checked.flatMap((entry) => (entry.result.ok ? [] : [{ line: entry.line, problem: entry.result.problem }]));
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, value: checked.flatMap((entry) => (entry.result.ok ? [entry.result.value] : [])) };
}
