/**
 * Builds the app for real, as npm start does (the API on the app's origin) and
 * with a Supabase project elsewhere, and checks the policy each build carries.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptHash } from '../../../build/early-registration.ts';
import { styleHash } from '../../../build/inline-stylesheet.ts';
import { APP_WORKER_POLICY } from '../../../scripts/lib/csp.ts';
import { headersFor, parseHeadersFile } from '../../../scripts/lib/headers-file.ts';

const PROJECT = 'https://bar-csp-test.supabase.co';

interface Built {
  readonly indexHtml: string;
  readonly hostHtml: string;
  readonly headersFile: string;
  readonly redirectsFile: string;
  /** Every file the build wrote, as its path from the root ('/sw.js'). */
  readonly files: readonly string[];
}

let root = '';
const builds: Record<'sameOrigin' | 'project', Built> = {
  sameOrigin: { indexHtml: '', hostHtml: '', headersFile: '', redirectsFile: '', files: [] },
  project: { indexHtml: '', hostHtml: '', headersFile: '', redirectsFile: '', files: [] },
};

async function buildWith(name: string, supabaseUrl: string): Promise<Built> {
  const settings = { VITE_SUPABASE_URL: supabaseUrl, VITE_SUPABASE_ANON_KEY: 'anon-csp-test' };
  const saved = Object.fromEntries(Object.keys(settings).map((key) => [key, process.env[key]]));
  Object.assign(process.env, settings);
  const outDir = join(root, name);
  try {
    await build({ logLevel: 'silent', build: { outDir, emptyOutDir: true } });
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) Reflect.deleteProperty(process.env, key);
      else process.env[key] = value;
    }
  }
  return {
    indexHtml: await readFile(join(outDir, 'index.html'), 'utf8'),
    hostHtml: await readFile(join(outDir, 'anfitrion.html'), 'utf8'),
    headersFile: await readFile(join(outDir, '_headers'), 'utf8'),
    redirectsFile: await readFile(join(outDir, '_redirects'), 'utf8'),
    files: (await readdir(outDir, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name).slice(outDir.length)),
  };
}

/** The directives of the meta tag's policy, by name. */
/** The hash of a page's early script, the one inline script it has. */
const earlyHash = (html: string): string => scriptHash(/<script data-early>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '?');

function metaPolicy(html: string): Map<string, string[]> {
  const content = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1];
  if (!content) throw new Error('index.html has no CSP meta tag');
  return new Map(
    content.split(';').map((directive) => {
      const [name = '', ...sources] = directive.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'bar-tab-csp-'));
  builds.sameOrigin = await buildWith('same-origin', '/');
  builds.project = await buildWith('project', `${PROJECT}/`);
}, 120_000);

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('the host’s page and the headers (issue 41)', () => {
  it('let the host’s OCR engine compile wasm, in its worker and its page, and the guests’ page stays as it was', () => {
    const { indexHtml, hostHtml, headersFile } = builds.sameOrigin;
    expect(metaPolicy(hostHtml).get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'", earlyHash(hostHtml)]);
    expect(metaPolicy(indexHtml).get('script-src')).toEqual(["'self'", earlyHash(indexHtml)]);
    const worker = headersFor(parseHeadersFile(headersFile), '/assets/ocr-0123456789/worker.min.js');
    expect(worker['Content-Security-Policy']).toContain(`script-src 'self' 'wasm-unsafe-eval' ${earlyHash(indexHtml)};`);
    expect(hostHtml.replace(" 'wasm-unsafe-eval'", '')).not.toContain('unsafe-eval');
  });
});

describe('index.html', () => {
  it('carries the policy before any script or stylesheet', () => {
    const html = builds.sameOrigin.indexHtml;
    const meta = html.indexOf('http-equiv="Content-Security-Policy"');
    expect(meta).toBeGreaterThan(html.indexOf('<meta charset'));
    expect(meta).toBeLessThan(html.search(/<script|<style>/));
  });

  it("allows only the app's own origin, only the page's own early script and stylesheet inline, and no plugins", () => {
    const { indexHtml } = builds.sameOrigin;
    expect(Object.fromEntries(metaPolicy(indexHtml))).toEqual({
      'default-src': ["'self'"],
      'script-src': ["'self'", earlyHash(indexHtml)],
      'style-src': ["'self'", styleHash(/<style>([\s\S]*?)<\/style>/.exec(indexHtml)?.[1] ?? '?')],
      'img-src': ["'self'", 'data:'],
      'manifest-src': ["'self'"],
      'worker-src': ["'self'"],
      'connect-src': ["'self'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
      'object-src': ["'none'"],
    });
  });

  it('has no style attribute or handler for the policy to refuse, one inline <script> and one <style>, both allowed', () => {
    for (const { indexHtml } of Object.values(builds)) {
      const scripts = [...indexHtml.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
      expect(scripts.filter((tag) => !/\bsrc="\/assets\//.test(tag))).toEqual(['<script data-early>']);
      expect(metaPolicy(indexHtml).get('script-src')).toContain(earlyHash(indexHtml));
      expect(indexHtml).not.toMatch(/\sstyle=|\son[a-z]+=/i);
      const styles = [...indexHtml.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1] ?? '');
      expect(styles).toHaveLength(1);
      expect(metaPolicy(indexHtml).get('style-src')).toContain(styleHash(styles[0] ?? '?'));
    }
  });

  it('lets the app reach a project on another origin, and nothing else there', () => {
    const policy = metaPolicy(builds.project.indexHtml);
    expect(policy.get('connect-src')).toEqual(["'self'", PROJECT]);
    expect(builds.project.indexHtml.split(PROJECT)).toHaveLength(2);
  });
});

describe('_headers', () => {
  it('sends the same policy with frame-ancestors (and wasm for the host’s OCR worker), and the other security headers', () => {
    for (const [name, built] of Object.entries(builds)) {
      const headers = headersFor(parseHeadersFile(built.headersFile), '/index.html');
      const meta = /content="([^"]+)"/.exec(built.indexHtml.slice(built.indexHtml.indexOf('http-equiv="Content-Security-Policy"')))?.[1] ?? '';
      expect(headers['Content-Security-Policy'], name).toBe(
        `${meta.replace("script-src 'self'", "script-src 'self' 'wasm-unsafe-eval'")}; frame-ancestors 'none'`,
      );
      expect(headers).toMatchObject({
        'X-Content-Type-Options': 'nosniff',
        'Referrer-Policy': 'strict-origin-when-cross-origin',
        'X-Frame-Options': 'DENY',
        'Cache-Control': 'no-cache',
      });
      expect(headers['Permissions-Policy']).toMatch(/camera=\(\)/);
    }
  });

  it('gives every file the build wrote outside /assets the policy (pages, workers, manifest, images), the host’s OCR engine too, the app’s worker one of its own, and the hashed files and the probe none', () => {
    const rules = parseHeadersFile(builds.sameOrigin.headersFile);
    const files = builds.sameOrigin.files.filter((path) => !path.startsWith('/_'));
    expect(files.length).toBeGreaterThan(10);
    for (const path of files) {
      const policy = headersFor(rules, path)['Content-Security-Policy'];
      if ((path.startsWith('/assets/') && !path.startsWith('/assets/ocr-')) || path === '/signal.txt') expect(policy, path).toBeUndefined();
      else if (path === '/sw.js') expect(policy, path).toBe(APP_WORKER_POLICY);
      else expect(policy, path).toContain("frame-ancestors 'none'");
      expect(headersFor(rules, path)['X-Content-Type-Options'], path).toBe('nosniff');
    }
  });

  it('keeps the worker fresh and the hashed assets for a year', () => {
    const rules = parseHeadersFile(builds.sameOrigin.headersFile);
    expect(headersFor(rules, '/sw.js')['Cache-Control']).toBe('no-cache');
    expect(headersFor(rules, '/assets/index-abc.js')['Cache-Control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('_redirects', () => {
  it('answers the host’s page and every party’s guest link with the app on a first visit, before the worker exists', () => {
    const rules = builds.sameOrigin.redirectsFile
      .trim()
      .split('\n')
      .map((line) => line.trim().split(/\s+/));
    expect(rules).toEqual([
      ['/anfitrion', '/anfitrion.html', '200'],
      ['/f/*', '/index.html', '200'],
    ]);
  });
});
