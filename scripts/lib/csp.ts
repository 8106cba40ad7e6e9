/**
 * The app's Content-Security-Policy and the other security headers: one pure
 * builder, used by the build for index.html's meta tag and dist/_headers,
 * which the app server (npm start) sends as a static host would.
 */
import type { Plugin } from 'vite';
import { SAME_ORIGIN, type BackendConfig } from '../../src/config/env-rules.ts';
import { EVERY_ANSWER_HEADERS } from '../../supabase/functions/_shared/security-headers.ts';
import { HOST_PAGE_FILE } from '../../build/pages.ts';
import { MANIFEST_PATH } from '../../src/pwa/manifest-link.ts';
import { SYNC_WORKER_URL } from '../../src/sync/background-sync.ts';
import { SIGNAL_FILE } from '../../src/sync/signal.ts';
import { HEADERS_FILE, renderHeadersFile, type HeaderRule } from './headers-file.ts';

const SELF = "'self'";

/** The API's origin when it is another than the app's ('/' is the app's own, which 'self' covers). */
export function apiOrigin(configuredUrl: string | undefined, backend: BackendConfig | null): string | null {
  if (!backend || configuredUrl?.trim() === SAME_ORIGIN) return null;
  const { origin } = new URL(backend.supabaseUrl);
  // URL lets a host carry ';' or '"', which would end the directive or the meta tag.
  if (!/^https?:\/\/[\w.\-[\]:]+$/.test(origin)) throw new Error(`VITE_SUPABASE_URL has an unusual host: ${origin}`);
  return origin;
}

export interface PolicyOptions {
  /** From apiOrigin: null when the app talks to its own origin only. */
  readonly apiOrigin: string | null;
  /** A meta tag cannot carry frame-ancestors (browsers ignore it there, with a console error). */
  readonly delivery: 'meta' | 'header';
}

/**
 * The host's OCR engine compiles its own wasm in its worker (issue 41); no eval of text is ever allowed. A worker's
 * policy is the one its script is answered with (the header), so the guests' page keeps its meta policy as it was;
 * the host's page says it too, for a browser that gives a worker its page's policy.
 */
export const WASM_EVAL = "'wasm-unsafe-eval'";

/** The host's page: its meta policy lets its OCR engine compile wasm. */
export const allowWasm = (html: string): string => html.replace(/(http-equiv="Content-Security-Policy" content="[^"]*script-src 'self')/, `$1 ${WASM_EVAL}`);

export function contentSecurityPolicy({ apiOrigin: api, delivery }: PolicyOptions): string {
  const directives: string[][] = [
    ['default-src', SELF],
    ['script-src', SELF, ...(delivery === 'header' ? [WASM_EVAL] : [])],
    ['style-src', SELF],
    ['img-src', SELF, 'data:'],
    ['manifest-src', SELF],
    ['worker-src', SELF],
    ['connect-src', SELF, ...(api ? [api] : [])],
    ['base-uri', SELF],
    ['form-action', SELF],
    ['object-src', "'none'"],
    ...(delivery === 'header' ? [['frame-ancestors', "'none'"]] : []),
  ];
  return directives.map((directive) => directive.join(' ')).join('; ');
}

const NO_CACHE = { 'Cache-Control': 'no-cache' };

/**
 * What the browser may show as a page or run as a worker, or read as the app's description: the pages and the
 * routes answered with them, the workers (the OCR engine's too), the manifest and the images. Everything but the hashed files of /assets,
 * which are scripts and stylesheets loaded by a page under its own policy: there a policy, a referrer or a
 * permissions policy governs nothing, and on one bar of signal each costs every such file about 470 bytes.
 */
export const DOCUMENT_PATHS: readonly string[] = [
  '/',
  '/index.html',
  '/f/*',
  '/anfitrion',
  `/${HOST_PAGE_FILE}`,
  SYNC_WORKER_URL,
  MANIFEST_PATH,
  '/icons/*',
  '/screenshots/*',
  // The host's OCR engine (build/ocr-files.ts): its worker runs under the policy it is answered with.
  '/assets/ocr-*',
];
const REVALIDATED = new Set(['/', '/index.html', `/${HOST_PAGE_FILE}`, SYNC_WORKER_URL]);

/**
 * The app's service worker fetches nothing but its own origin's files (it leaves the API to the page), loads no
 * script and shows nothing: its policy says only that. A page's policy, referrer and permissions policy there
 * governed nothing more, and cost a guest's first visit on one bar about 550 bytes before offline-ready (issue 40).
 */
export const APP_WORKER_POLICY = "default-src 'self'";

/**
 * dist/_headers: no sniffing and no framing everywhere; the policy and the other page headers on every document;
 * the shell and the workers always revalidated, hashed assets kept; the probe of the signal never kept anywhere.
 */
export function securityHeaderRules(api: string | null): HeaderRule[] {
  const page = {
    'Content-Security-Policy': contentSecurityPolicy({ apiOrigin: api, delivery: 'header' }),
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  };
  return [
    { path: '/*', headers: { ...EVERY_ANSWER_HEADERS } },
    ...DOCUMENT_PATHS.map((path) => ({ path, headers: REVALIDATED.has(path) ? { ...page, ...NO_CACHE } : page })),
    { path: '/sw.js', headers: { 'Content-Security-Policy': APP_WORKER_POLICY, ...NO_CACHE } },
    { path: '/assets/*', headers: { 'Cache-Control': 'public, max-age=31536000, immutable' } },
    { path: SIGNAL_FILE, headers: { 'Cache-Control': 'no-store' } },
  ];
}

/** Build only: the dev server's inline React Refresh preamble and HMR socket would break under the policy. */
export function securityHeaders(api: string | null): Plugin {
  return {
    name: 'bar-tab:security-headers',
    apply: 'build',
    transformIndexHtml(html) {
      // Right after the charset, before any script or stylesheet, so the policy governs them all.
      const charset = /<meta charset=[^>]*>/i.exec(html);
      if (!charset) throw new Error('index.html needs <meta charset> for the CSP meta tag to follow');
      const policy = contentSecurityPolicy({ apiOrigin: api, delivery: 'meta' });
      const meta = `<meta http-equiv="Content-Security-Policy" content="${policy}" />`;
      const end = charset.index + charset[0].length;
      return `${html.slice(0, end)}\n    ${meta}${html.slice(end)}`;
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: HEADERS_FILE, source: renderHeadersFile(securityHeaderRules(api)) });
      // The host's page and the parties' guest links are routes of the same single page: a static host
      // must answer them with the shell on a first visit, before the service worker exists (Netlify and
      // Cloudflare read this file). A party's QR code is nothing but such a first visit.
      this.emitFile({ type: 'asset', fileName: '_redirects', source: `/anfitrion /${HOST_PAGE_FILE} 200\n/f/* /index.html 200\n` });
    },
  };
}
