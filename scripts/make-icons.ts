/**
 * Draws the app's icons (a pint of lager with a head of foam) as PNGs in
 * public/icons/, rendered by Debian's Chromium. Run by hand when the drawing
 * changes: `npx tsx scripts/make-icons.ts`. The PNGs are committed.
 */
import { writeFile } from 'node:fs/promises';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../playwright.config.ts';

const BACKGROUND = '#13231b';

/** The pint, drawn on a 512 box; `scale` shrinks it toward the centre (maskable icons need a safe zone). */
function pint(scale: number, rounded: boolean): string {
  const offset = (512 * (1 - scale)) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
  <rect width="512" height="512" ${rounded ? 'rx="96"' : ''} fill="${BACKGROUND}"/>
  <g transform="translate(${offset} ${offset}) scale(${scale})">
    <path d="M150 112h212l-22 300a28 28 0 0 1-28 26H200a28 28 0 0 1-28-26z" fill="#e9b949"/>
    <path d="M150 112h212l-6 78H156z" fill="#f4eddc"/>
    <path d="M176 150c0-40 160-40 160 0" fill="#f4eddc"/>
    <path d="M150 112h212l-22 300a28 28 0 0 1-28 26H200a28 28 0 0 1-28-26z" fill="none" stroke="#0b1410" stroke-width="14" stroke-linejoin="round"/>
    <path d="M214 240v150M298 240v150" stroke="#c4922c" stroke-width="12" stroke-linecap="round"/>
  </g>
</svg>`;
}

const ICONS = [
  { file: 'icon.svg', svg: pint(1, true) },
  { file: 'icon-192.png', size: 192, svg: pint(1, true) },
  { file: 'icon-512.png', size: 512, svg: pint(1, true) },
  // Maskable: full-bleed background, the drawing inside the 80% safe circle.
  { file: 'icon-maskable-512.png', size: 512, svg: pint(0.72, false) },
  // iOS rounds the corners itself and shows transparency as black.
  { file: 'apple-touch-icon.png', size: 180, svg: pint(0.86, false) },
];

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage();
  for (const icon of ICONS) {
    const target = new URL(`../public/icons/${icon.file}`, import.meta.url);
    if (icon.size === undefined) {
      await writeFile(target, `${icon.svg}\n`);
      continue;
    }
    await page.setViewportSize({ width: icon.size, height: icon.size });
    await page.setContent(`<style>html,body{margin:0;background:transparent}svg{display:block;width:100vw;height:100vh}</style>${icon.svg}`);
    await writeFile(target, await page.screenshot({ omitBackground: true }));
    console.log(`public/icons/${icon.file} (${icon.size}px)`);
  }
} finally {
  await browser.close();
}
