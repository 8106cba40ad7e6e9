/**
 * Takes the manifest's screenshots (narrow form factor, for the browsers'
 * richer install sheet) of the real app, as `npm start` runs it, in Debian's
 * Chromium: 540 × 1170 PNGs in public/screenshots/. Run by hand when the
 * screens change: `node --import tsx scripts/make-screenshots.ts`. The PNGs are committed.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../playwright.config.ts';
import { pngFile } from './lib/png.ts';
import { startProduct } from './lib/product.ts';

/** 360 × 780 CSS pixels at 1.5×: 540 × 1170, within Chrome's 320–3840 px and 2.3:1 rules. */
const VIEWPORT = { width: 360, height: 780 };
const SCALE = 1.5;

async function order(page: Page, query: string, product: string): Promise<void> {
  await page.getByPlaceholder('Pisco Mistral').fill(query);
  await page.getByRole('button', { name: `Agregar ${product}`, exact: true }).click();
}

/** The tab of a guest well into the night: picks, the waiter's comment, the totals. */
async function tab(page: Page): Promise<void> {
  await page.getByPlaceholder('Tu nombre real').fill('Camila Rojas');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await order(page, 'summer ale 5', 'Summer Ale 500cc');
  await order(page, 'aperol', 'Aperol Spritz');
  await order(page, 'tabla irish', 'Tabla Irish');
  await page.getByRole('button', { name: 'Otra Summer Ale 500cc' }).first().click();
  await page.locator('.order-comment .comment-text').waitFor();
  await page.locator('.order-comment[aria-busy="false"]').waitFor();
  await page.getByText('Todo sincronizado con el bar.').waitFor();
}

interface Pixels {
  readonly width: number;
  readonly height: number;
  /** RGBA, row by row. */
  readonly data: Uint8Array;
}

/** The screen as RGBA pixels, read back through a canvas in the page itself. */
async function pixelsOf(page: Page): Promise<Pixels> {
  const png = await page.screenshot({ animations: 'disabled', caret: 'hide' });
  const { width, height, base64 } = await page.evaluate(async (source) => {
    const image = await createImageBitmap(await (await fetch(`data:image/png;base64,${source}`)).blob());
    const canvas = new OffscreenCanvas(image.width, image.height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.drawImage(image, 0, 0);
    const bytes = context.getImageData(0, 0, image.width, image.height).data;
    let binary = '';
    for (let index = 0; index < bytes.length; index += 0x8000) binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
    return { width: image.width, height: image.height, base64: btoa(binary) };
  }, png.toString('base64'));
  return { width, height, data: new Uint8Array(Buffer.from(base64, 'base64')) };
}

/** The 256 most used colours (at 5 bits a channel), each pixel mapped to the nearest: a dark flat UI loses nothing visible. */
function toPalette({ data }: Pixels): { palette: number[][]; indices: Uint8Array } {
  const bucketOf = (at: number) => (((data[at] ?? 0) >> 3) << 10) | (((data[at + 1] ?? 0) >> 3) << 5) | ((data[at + 2] ?? 0) >> 3);
  const counts = new Map<number, number>();
  for (let at = 0; at < data.length; at += 4) counts.set(bucketOf(at), (counts.get(bucketOf(at)) ?? 0) + 1);
  const common = [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 256)
    .map(([bucket]) => bucket);
  const palette = common.map((bucket) => [bucket >> 10, (bucket >> 5) & 31, bucket & 31].map((channel) => (channel << 3) | (channel >> 2)));
  const nearest = new Map<number, number>();
  const indexOf = (bucket: number) => {
    const known = nearest.get(bucket);
    if (known !== undefined) return known;
    const rgb = [bucket >> 10, (bucket >> 5) & 31, bucket & 31].map((channel) => (channel << 3) | (channel >> 2));
    let best = 0;
    let bestDistance = Infinity;
    palette.forEach((colour, index) => {
      const distance = colour.reduce((sum, channel, at) => sum + (channel - (rgb[at] ?? 0)) ** 2, 0);
      if (distance < bestDistance) [best, bestDistance] = [index, distance];
    });
    nearest.set(bucket, best);
    return best;
  };
  const indices = new Uint8Array(data.length / 4);
  for (let at = 0; at < data.length; at += 4) indices[at / 4] = indexOf(bucketOf(at));
  return { palette, indices };
}

/** An indexed-colour PNG (colour type 3), a third of Chromium's RGB one. */
function palettePng(pixels: Pixels): Buffer {
  const { palette, indices } = toPalette(pixels);
  const rows = Buffer.alloc((pixels.width + 1) * pixels.height);
  for (let row = 0; row < pixels.height; row += 1) {
    rows.set(indices.subarray(row * pixels.width, (row + 1) * pixels.width), row * (pixels.width + 1) + 1);
  }
  return pngFile({ width: pixels.width, height: pixels.height, colourType: 3, palette: palette.flat(), rows });
}

const SHOTS = [
  { file: 'cuenta.png', prepare: tab },
  {
    file: 'buscar.png',
    prepare: async (page: Page) => {
      await page.getByPlaceholder('Pisco Mistral').fill('una chela');
      await page.getByRole('list', { name: 'Productos encontrados' }).waitFor();
    },
  },
];

const work = await mkdtemp(join(tmpdir(), 'bar-tab-screenshots-'));
const product = await startProduct({ port: 0, stateDir: join(work, 'state'), distDir: join(work, 'dist') });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    deviceScaleFactor: SCALE,
    isMobile: true,
    hasTouch: true,
    locale: 'es-CL',
    colorScheme: 'dark',
    // The screenshot is read back through a data: URL, which the app's own policy rightly refuses.
    bypassCSP: true,
  });
  const page = await context.newPage();
  await page.goto(product.appUrl);
  for (const shot of SHOTS) {
    await shot.prepare(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    const png = palettePng(await pixelsOf(page));
    await writeFile(new URL(`../public/screenshots/${shot.file}`, import.meta.url), png);
    console.log(`public/screenshots/${shot.file} (${Math.round(png.length / 1024)} KB)`);
  }
} finally {
  await browser.close();
  await product.stop();
  await rm(work, { recursive: true, force: true });
}
