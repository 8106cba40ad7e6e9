/**
 * Makes the corpus of bar bills under tests/fixtures/receipts/ (issue 41): 32
 * bills in 8 layouts bars print, rendered from HTML by Debian's Chromium, each
 * with its true lines in JSON beside it. Every second bill of a layout is
 * photo-like: on a table, tilted and turned in perspective, blurred, softened,
 * lit by a lamp to one side, with grain, saved as a JPEG of low quality; the
 * rest are clean PNGs. The products come from the built-in list (menu.ts),
 * spelled as a bar's till prints them (capitals, sometimes without accents or
 * a size), with a few the list does not have. Seeded: the same files each run.
 * Run by hand when the corpus must change: `node --import tsx scripts/make-receipts.ts`.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../playwright.config.ts';
import { PRODUCTS } from '../supabase/functions/_shared/menu.ts';
import { pngFile } from './lib/png.ts';
import { seededRandom } from './lib/seeded-random.ts';

export const RECEIPTS_DIR = join(import.meta.dirname, '../tests/fixtures/receipts');
const SEED = 20261202;
const BILLS_PER_LAYOUT = 4;

/** A bill as it really was: what the corpus's JSON holds. */
export interface TrueBill {
  readonly file: string;
  readonly layout: Layout;
  readonly photo: boolean;
  /** The products, in the bill's order, named as printed. */
  readonly lines: readonly { readonly name: string; readonly quantity: number; readonly unitPrice: number }[];
  readonly subtotal: number | null;
  readonly discount: number | null;
  readonly tip: number | null;
  readonly total: number | null;
}

const LAYOUTS = [
  'cant-desc-unit-total',
  'name-qty-unit-total',
  'qty-name-total',
  'name-xqty-total',
  'two-lines-unit',
  'two-lines-proportional',
  'table',
  'one-per-line',
] as const;
type Layout = (typeof LAYOUTS)[number];

const BARS = ['THE BLACK SHEEP PUB', 'BAR LA OFICINA', 'DUBLIN IRISH PUB', 'CERVECERIA EL SOTANO', 'BAR EL CLAN', 'LA CASA DE MOLLY'];
const WAITERS = ['PEDRO', 'CAMILA', 'JOSE L.', 'MARIA JOSE', 'LUCHO'];
const OFF_LIST = [
  { name: 'PAPAS RUSTICAS', price: 6490 },
  { name: 'SHOT TEQUILA', price: 3500 },
  { name: 'MANI SALADO', price: 2500 },
  { name: 'AGUA CON GAS', price: 2200 },
  { name: 'CHELADA', price: 1000 },
];

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '');
const pesos = (value: number) => value.toLocaleString('es-CL');

/** A product as the till prints it: capitals, accents kept or not, sometimes without its size or count. */
function printedName(name: string, random: () => number, width: number): string {
  let printed = name.toUpperCase().replace(/°/g, '');
  if (random() < 0.5) printed = fold(printed);
  if (random() < 0.25) printed = printed.replace(/\s+(\d+CC|\d+ UNIDADES)$/, '');
  printed = printed.replace(/\s+/g, ' ').trim();
  return printed.length > width ? printed.slice(0, width).trimEnd() : printed;
}

interface Drawn {
  readonly lines: TrueBill['lines'];
  readonly discount: number | null;
  readonly tip: number | null;
  readonly subtotal: boolean;
  readonly total: boolean;
  readonly totalWithTip: boolean;
  readonly tax: boolean;
}

function drawBill(random: () => number, nameWidth: number, onePerLine: boolean): Drawn {
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
  const count = 4 + Math.floor(random() * 8);
  const lines: { name: string; quantity: number; unitPrice: number }[] = [];
  for (let index = 0; index < count; index += 1) {
    const previous = lines.at(-1);
    // Two rounds of the same drink are two identical lines on many bills.
    if (previous && random() < 0.12) {
      lines.push({ ...previous });
      continue;
    }
    const offList = random() < 0.12;
    const product = offList ? pick(OFF_LIST) : pick(PRODUCTS);
    const name = offList ? product.name : printedName(product.name, random, nameWidth);
    const quantity = onePerLine ? 1 : random() < 0.45 ? 1 : 2 + Math.floor(random() * 5);
    lines.push({ name, quantity, unitPrice: product.price });
  }
  const sum = lines.reduce((total, line) => total + line.quantity * line.unitPrice, 0);
  const discount = random() < 0.2 ? Math.round((sum * 0.1) / 10) * 10 : null;
  const tip = random() < 0.8 ? Math.round((sum - (discount ?? 0)) / 10) : null;
  const noTotal = random() < 0.07;
  return {
    lines,
    discount,
    tip: noTotal ? null : tip,
    subtotal: !noTotal && (random() < 0.8 || discount !== null),
    total: !noTotal,
    totalWithTip: random() < 0.7,
    tax: random() < 0.3,
  };
}

const esc = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const padEnd = (text: string, width: number) => (text.length >= width ? text : text + ' '.repeat(width - text.length));
const padStart = (text: string, width: number) => (text.length >= width ? text : ' '.repeat(width - text.length) + text);

/** What every layout prints under the lines: subtotal, discount, tip, tax and total, each on a line with its amount. */
function footer(drawn: Drawn, money: (value: number) => string, row: (label: string, amount: string) => string): { html: string[]; bill: Partial<TrueBill> } {
  const sum = drawn.lines.reduce((total, line) => total + line.quantity * line.unitPrice, 0);
  const html: string[] = [];
  const afterDiscount = sum - (drawn.discount ?? 0);
  if (drawn.subtotal) html.push(row('SUBTOTAL', money(sum)));
  if (drawn.discount !== null) html.push(row('DESCUENTO 10%', `-${money(drawn.discount)}`));
  const withTip = drawn.tip !== null && drawn.totalWithTip;
  const total = afterDiscount + (withTip ? drawn.tip : 0);
  if (drawn.tax && drawn.total) html.push(row('IVA 19% INCLUIDO', money(Math.round((afterDiscount * 19) / 119))));
  if (withTip) html.push(row('PROPINA SUGERIDA 10%', money(drawn.tip)));
  if (drawn.total) html.push(row(withTip ? 'TOTAL CON PROPINA' : 'TOTAL', money(total)));
  if (drawn.tip !== null && !withTip) html.push(row('PROPINA SUGERIDA 10%', money(drawn.tip)));
  return {
    html,
    bill: {
      subtotal: drawn.subtotal ? sum : null,
      discount: drawn.discount,
      tip: drawn.tip,
      total: drawn.total ? total : null,
    },
  };
}

interface Rendered {
  readonly html: string;
  readonly bill: Omit<TrueBill, 'file' | 'layout' | 'photo'>;
}

function header(random: () => number, width: number): string[] {
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
  const center = (text: string) => padStart(text, Math.floor((width + text.length) / 2));
  const day = 1 + Math.floor(random() * 28);
  const folio = 100000 + Math.floor(random() * 800000);
  return [
    center(pick(BARS)),
    center(`RUT 76.${100 + Math.floor(random() * 800)}.${100 + Math.floor(random() * 800)}-${Math.floor(random() * 10)}`),
    center('AV. PROVIDENCIA 1234, SANTIAGO'),
    '',
    `BOLETA ELECTRONICA N° ${folio}`,
    `FECHA ${String(day).padStart(2, '0')}/11/2026   HORA 0${Math.floor(random() * 3)}:${String(Math.floor(random() * 60)).padStart(2, '0')}`,
    `MESA ${1 + Math.floor(random() * 30)}   GARZON: ${pick(WAITERS)}`,
    '-'.repeat(width),
  ];
}

/** Fixed-width layouts: a thermal printer's lines of `width` characters. */
function monospaceBill(layout: Layout, random: () => number): Rendered {
  const width = 40;
  const nameWidth = layout === 'name-qty-unit-total' ? 20 : layout === 'cant-desc-unit-total' ? 19 : 26;
  const drawn = drawBill(random, nameWidth, layout === 'one-per-line');
  const dollar = layout === 'name-xqty-total' || layout === 'two-lines-unit' || (layout === 'one-per-line' && random() < 0.5);
  const money = (value: number) => (dollar ? '$' : '') + pesos(value);
  const rows: string[] = [];
  if (layout === 'cant-desc-unit-total') rows.push('CANT DESCRIPCION          P.UNIT   TOTAL');
  if (layout === 'name-qty-unit-total') rows.push('PRODUCTO            CANT  PRECIO   TOTAL');
  if (layout === 'qty-name-total') rows.push('CANT PRODUCTO                     TOTAL');
  if (rows.length > 0) rows.push('-'.repeat(width));
  for (const line of drawn.lines) {
    const total = money(line.quantity * line.unitPrice);
    const unit = money(line.unitPrice);
    switch (layout) {
      case 'cant-desc-unit-total':
        rows.push(padEnd(`${padStart(String(line.quantity), 3)}  ${line.name}`, 24) + padStart(unit, 8) + padStart(total, 8));
        break;
      case 'name-qty-unit-total':
        rows.push(padEnd(line.name, 20) + padStart(String(line.quantity), 4) + padStart(unit, 8) + padStart(total, 8));
        break;
      case 'qty-name-total':
        rows.push(padEnd(`${padStart(String(line.quantity), 3)}  ${line.name}`, width - 9) + padStart(total, 9));
        break;
      case 'name-xqty-total':
        rows.push(padEnd(`${line.name} x${line.quantity}`, width - 10) + padStart(total, 10));
        break;
      case 'two-lines-unit':
        rows.push(line.name);
        rows.push(padEnd(`   ${line.quantity} x ${unit}`, width - 10) + padStart(total, 10));
        break;
      default:
        rows.push(padEnd(line.name, width - 10) + padStart(total, 10));
    }
  }
  rows.push('-'.repeat(width));
  const { html, bill } = footer(drawn, money, (label, amount) => padEnd(label, width - 12) + padStart(amount, 12));
  const fonts = ['DejaVu Sans Mono', 'Liberation Mono', 'Nimbus Mono PS', 'Noto Sans Mono'];
  const font = fonts[Math.floor(random() * fonts.length)] ?? 'monospace';
  const bold = random() < 0.4 ? 'font-weight: bold;' : '';
  const text = [...header(random, width), ...rows, ...html, '', padStart('GRACIAS POR SU VISITA', 30)].map(esc).join('\n');
  return {
    html: `<pre class="receipt" style="font-family: '${font}'; ${bold}">${text}</pre>`,
    bill: { lines: drawn.lines, subtotal: bill.subtotal ?? null, discount: bill.discount ?? null, tip: bill.tip ?? null, total: bill.total ?? null },
  };
}

/** Layouts a restaurant's software prints in a proportional font: a table, or a name over `2 x 5.990`. */
function proportionalBill(layout: Layout, random: () => number): Rendered {
  const drawn = drawBill(random, 30, false);
  const dollar = layout === 'table';
  const money = (value: number) => (dollar ? '$' : '') + pesos(value);
  const cells = (values: readonly string[], className = '') => `<tr class="${className}">${values.map((value) => `<td>${esc(value)}</td>`).join('')}</tr>`;
  const rows: string[] = [];
  if (layout === 'table') {
    rows.push('<tr class="head"><td>Producto</td><td>Cant.</td><td>Precio</td><td>Total</td></tr>');
    for (const line of drawn.lines) rows.push(cells([line.name, String(line.quantity), money(line.unitPrice), money(line.quantity * line.unitPrice)]));
  } else {
    for (const line of drawn.lines) {
      rows.push(`<tr><td colspan="4">${esc(line.name)}</td></tr>`);
      rows.push(cells(['', `${line.quantity} x ${money(line.unitPrice)}`, '', money(line.quantity * line.unitPrice)], 'second'));
    }
  }
  const { html, bill } = footer(drawn, money, (label, amount) => `<tr class="sum"><td colspan="3">${esc(label)}</td><td>${esc(amount)}</td></tr>`);
  const lines = header(random, 34)
    .filter((line) => !line.startsWith('-'))
    .map((line) => `<div>${esc(line.trim())}</div>`);
  const font = random() < 0.5 ? 'DejaVu Sans' : 'Liberation Sans';
  return {
    html: `<div class="receipt proportional" style="font-family: '${font}'">${lines.join('')}<table>${rows.join('')}<tr><td colspan="4"><hr></td></tr>${html.join('')}</table><div class="thanks">¡Gracias por su visita!</div></div>`,
    bill: { lines: drawn.lines, subtotal: bill.subtotal ?? null, discount: bill.discount ?? null, tip: bill.tip ?? null, total: bill.total ?? null },
  };
}

const STYLE = `
  * { margin: 0; padding: 0; box-sizing: border-box; }
  body { background: #fff; }
  .scene { display: inline-block; padding: 24px; }
  .receipt { display: inline-block; background: #fff; color: #111; padding: 18px 14px; font-size: 13px; line-height: 1.35; }
  .proportional { width: 330px; font-size: 13px; }
  .proportional div { text-align: center; }
  .proportional .thanks { margin-top: 10px; }
  .proportional table { width: 100%; border-collapse: collapse; margin-top: 8px; }
  .proportional td { padding: 1px 2px; text-align: right; white-space: nowrap; }
  .proportional td:first-child { text-align: left; white-space: normal; }
  .proportional tr.second td:nth-child(2) { text-align: left; padding-left: 14px; }
  .proportional tr.sum td:first-child { text-align: left; }
  .proportional tr.head td { font-weight: bold; border-bottom: 1px solid #111; }
  .photo { background: radial-gradient(circle at 20% 30%, #6b5a48, #3b3026); padding: 40px 56px; }
  .photo .receipt { box-shadow: 3px 6px 14px rgba(0,0,0,0.5); filter: blur(var(--blur)) contrast(var(--contrast)); }
  .photo .paper { position: relative; display: inline-block; transform: perspective(900px) rotateX(var(--tiltx)) rotateY(var(--tilty)) rotate(var(--turn)); }
  .photo .lamp { position: absolute; inset: 0; pointer-events: none; background: linear-gradient(var(--lamp), rgba(255,244,220,0.0) 10%, rgba(40,30,10,0.55) 100%); mix-blend-mode: multiply; }
  .photo .grain { position: absolute; inset: 0; pointer-events: none; opacity: 0.22; mix-blend-mode: multiply; }
`;

/** Grain drawn in the page from the seed: a canvas of grey noise over the paper (a string: the page runs it as written). */
const GRAIN = `(start) => {
  let state = start >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const paper = document.querySelector('.paper');
  const canvas = document.createElement('canvas');
  canvas.className = 'grain';
  canvas.width = paper.offsetWidth;
  canvas.height = paper.offsetHeight;
  const context = canvas.getContext('2d');
  const image = context.createImageData(canvas.width, canvas.height);
  for (let index = 0; index < image.data.length; index += 4) {
    const value = 128 + Math.floor(next() * 127);
    image.data.fill(value, index, index + 3);
    image.data[index + 3] = 255;
  }
  context.putImageData(image, 0, 0);
  paper.append(canvas);
}`;

/** The page's pixels as 8-bit grey, read back through a canvas in the page (a string, as GRAIN). */
const GREY = `async (source) => {
  const image = await createImageBitmap(await (await fetch('data:image/png;base64,' + source)).blob());
  const canvas = new OffscreenCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const rgba = context.getImageData(0, 0, image.width, image.height).data;
  const grey = new Uint8Array(image.width * image.height);
  for (let at = 0; at < grey.length; at += 1) grey[at] = Math.round(rgba[at * 4] * 0.299 + rgba[at * 4 + 1] * 0.587 + rgba[at * 4 + 2] * 0.114);
  let binary = '';
  for (let index = 0; index < grey.length; index += 0x8000) binary += String.fromCharCode(...grey.subarray(index, index + 0x8000));
  return { width: image.width, height: image.height, base64: btoa(binary) };
}`;

/** A greyscale PNG (colour type 0), each row filtered by the one above: a third of Chromium's RGB screenshot. */
async function greyPng(page: Page, png: Buffer): Promise<Buffer> {
  const { width, height, base64 } = await page.evaluate<{ width: number; height: number; base64: string }>(
    `(${GREY})(${JSON.stringify(png.toString('base64'))})`,
  );
  const grey = Buffer.from(base64, 'base64');
  const rows = Buffer.alloc((width + 1) * height);
  for (let row = 0; row < height; row += 1) {
    const at = row * (width + 1);
    rows[at] = row === 0 ? 0 : 2;
    for (let column = 0; column < width; column += 1) {
      const value = grey[row * width + column] ?? 0;
      const above = row === 0 ? 0 : (grey[(row - 1) * width + column] ?? 0);
      rows[at + 1 + column] = (value - above) & 0xff;
    }
  }
  return pngFile({ width, height, colourType: 0, rows });
}

async function render(page: Page, rendered: Rendered, photo: boolean, random: () => number): Promise<Buffer> {
  const between = (low: number, high: number) => low + random() * (high - low);
  const sign = () => (random() < 0.5 ? -1 : 1);
  const vars = photo
    ? `--blur: ${between(0.7, 1.0).toFixed(2)}px; --contrast: ${between(0.7, 0.8).toFixed(2)}; --tiltx: ${between(4, 7).toFixed(1)}deg; ` +
      `--tilty: ${(sign() * between(1, 3)).toFixed(1)}deg; --turn: ${(sign() * between(1.5, 3)).toFixed(1)}deg; --lamp: ${Math.floor(between(60, 300))}deg;`
    : '';
  const paper = photo ? `<div class="paper">${rendered.html}<div class="lamp"></div></div>` : rendered.html;
  await page.setContent(
    `<!doctype html><html><head><meta charset="utf-8"><style>${STYLE}</style></head><body><div class="scene ${photo ? 'photo' : ''}" style="${vars}">${paper}</div></body></html>`,
  );
  if (photo) await page.evaluate(`(${GRAIN})(${Math.floor(random() * 2 ** 31)})`);
  const scene = page.locator('.scene');
  return photo ? scene.screenshot({ type: 'jpeg', quality: 45 }) : greyPng(page, await page.locator('.receipt').screenshot({ type: 'png' }));
}

async function main(): Promise<void> {
  const random = seededRandom(SEED);
  await rm(RECEIPTS_DIR, { recursive: true, force: true });
  await mkdir(RECEIPTS_DIR, { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ deviceScaleFactor: 2, viewport: { width: 700, height: 900 } });
    let number = 0;
    for (const layout of LAYOUTS) {
      for (let index = 0; index < BILLS_PER_LAYOUT; index += 1) {
        number += 1;
        const photo = index % 2 === 1;
        const rendered = layout === 'table' || layout === 'two-lines-proportional' ? proportionalBill(layout, random) : monospaceBill(layout, random);
        const file = `bill-${String(number).padStart(2, '0')}.${photo ? 'jpg' : 'png'}`;
        const bytes = await render(page, rendered, photo, random);
        await writeFile(join(RECEIPTS_DIR, file), bytes);
        const truth: TrueBill = { file, layout, photo, ...rendered.bill };
        await writeFile(join(RECEIPTS_DIR, file.replace(/\.\w+$/, '.json')), `${JSON.stringify(truth, null, 2)}\n`);
        console.log(`${file}: ${layout}${photo ? ', photo-like' : ''}, ${truth.lines.length} lines, ${Math.round(bytes.length / 1024)} KB`);
      }
    }
  } finally {
    await browser.close();
  }
}

if (process.argv[1] === import.meta.filename) await main();
