/**
 * The name view as built into index.html: the page a new guest opens shows
 * the name view (the spec's texts, the field, the button, the header) before
 * any script, its stylesheet inside the page; the early script that hides it
 * from a returning guest is inside it too, last in <head>, allowed by its hash.
 * The host's page is the same page without the view. No other inline script:
 * the CSP's script-src is 'self' and that one hash.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { styleHash } from '../../../build/inline-stylesheet.ts';
import { startAppServer } from '../../../scripts/lib/app-server.ts';
import { scriptHash } from '../../../build/early-registration.ts';

let outDir = '';
let html = '';
let root = '';
let head = '';
let hostPage = '';

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'bar-tab-first-view-'));
  await build({ logLevel: 'silent', build: { outDir, emptyOutDir: true } });
  html = await readFile(join(outDir, 'index.html'), 'utf8');
  root = /<div id="root" data-first-view>([\s\S]*)<\/div>\s*<\/body>/.exec(html)?.[1] ?? '';
  head = /<head>([\s\S]*)<\/head>/.exec(html)?.[1] ?? '';
  hostPage = await readFile(join(outDir, 'anfitrion.html'), 'utf8');
}, 180_000);

afterAll(async () => {
  await rm(outDir, { recursive: true, force: true });
});

describe('index.html as built', () => {
  it('holds the name view in #root: the header, the spec’s texts, the field and the button', () => {
    expect(root).toContain('<h1 class="brand">');
    expect(root).toContain('La Cuenta</h1>');
    expect(root).toMatch(/<label class="card-title" for="([^"]+)">Ingresa tu nombre para continuar<\/label>/);
    expect(root).toContain('>Tu nombre real, porfa :)</p>');
    expect(root).toMatch(/<input id="[^"]+" class="text-input" type="text"[^>]* placeholder="Tu nombre real"[^>]* name="full_name" value=""\/>/);
    expect(root).toContain('<button class="button button-primary" type="submit">Continuar</button>');
    const labelFor = /<label[^>]* for="([^"]+)"/.exec(root)?.[1];
    expect(root).toContain(`<input id="${labelFor ?? '?'}"`);
  });

  it('shows it with its stylesheet in <head>, the policy allowing that one text by its hash, and no stylesheet file to ask for', async () => {
    const css = /<style>([\s\S]*?)<\/style>/.exec(head)?.[1] ?? '';
    expect(css).toContain('.text-input');
    expect(css).toMatch(/\[data-hide-first-view\] #root\[data-first-view\]\{visibility:hidden\}/);
    expect(head).toContain(`style-src 'self' ${styleHash(css)};`);
    expect(head).not.toContain('rel="stylesheet"');
    // The host's page carries the same one, so no file of it is written for either.
    expect(hostPage).toContain(`<style>${css}</style>`);
    expect((await readdir(join(outDir, 'assets'))).filter((file) => file.startsWith('index-') && file.endsWith('.css'))).toEqual([]);
  });

  it('has the policy first, then the main bundle, the stylesheet, and the early script last, inside, allowed by its hash alone', () => {
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    expect(scripts).toEqual([expect.stringMatching(/^<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js">$/), '<script data-early>']);
    const early = /<script data-early>([\s\S]+?)<\/script>/.exec(head);
    expect(early?.[1]).toMatch(/serviceWorker/);
    expect(head.trimEnd().endsWith(early?.[0] ?? '?')).toBe(true);
    const scriptSrc = /script-src ([^;"]*)/.exec(head)?.[1];
    expect(scriptSrc).toBe(`'self' ${scriptHash(early?.[1] ?? '')}`);
    expect(head.indexOf('http-equiv="Content-Security-Policy"')).toBeLessThan(head.indexOf('<script type="module"'));
    // The main bundle is asked for with the page's first bytes, not after the stylesheet inside it.
    expect(head.indexOf('<script type="module"')).toBeLessThan(head.indexOf('<style>'));
    expect(head.indexOf('<script type="module"')).toBeLessThan(head.indexOf('<meta name="viewport"'));
    // One file of JavaScript before the app runs: nothing split off for a later chunk to share.
    expect(head).not.toContain('modulepreload');
  });

  it('is what the app server answers at a party’s link, and the host’s page what it answers at /anfitrion', async () => {
    const server = await startAppServer({ distDir: outDir, port: 0 });
    try {
      expect(await (await fetch(`${server.url}/f/abcdefghijklmnop`)).text()).toBe(html);
      expect(await (await fetch(`${server.url}/anfitrion`)).text()).toBe(hostPage);
    } finally {
      await server.close();
    }
  });

  it('builds the host’s page as the same page with #root empty', () => {
    expect(hostPage).toContain('<div id="root"></div>');
    expect(hostPage).not.toContain('Ingresa tu nombre');
    // Its policy alone lets its photo reader compile wasm (issue 41).
    expect(hostPage.replace('<div id="root"></div>', '').replace(" 'wasm-unsafe-eval'", '')).toBe(
      html.replace(/<div id="root" data-first-view>[\s\S]*<\/div>(?=\s*<\/body>)/, ''),
    );
  });
});
