import { describe, expect, it } from 'vitest';
import { apiOrigin, contentSecurityPolicy, securityHeaderRules } from '../../../scripts/lib/csp.ts';
import { headersFor, parseHeadersFile, renderHeadersFile } from '../../../scripts/lib/headers-file.ts';
import { parseBackend } from '../../../src/config/env-rules.ts';

const SAME_ORIGIN_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; manifest-src 'self'; " +
  "worker-src 'self'; connect-src 'self'; base-uri 'self'; form-action 'self'; object-src 'none'";

const originOf = (url: string | undefined) => apiOrigin(url, parseBackend(url, url ? 'anon-key' : undefined));

describe('the API origin the policy lets the app reach', () => {
  it("is none of its own when the API is on the app's origin or absent", () => {
    expect(originOf('/')).toBeNull();
    expect(originOf(' / ')).toBeNull();
    expect(originOf(undefined)).toBeNull();
  });

  it("is a configured project's origin, without its path", () => {
    expect(originOf('https://xyz.supabase.co/')).toBe('https://xyz.supabase.co');
    expect(originOf('http://127.0.0.1:54321/base')).toBe('http://127.0.0.1:54321');
    expect(originOf('http://[::1]:54321')).toBe('http://[::1]:54321');
  });

  it('refuses a host that would end the directive or the meta tag', () => {
    expect(() => originOf('https://a;script-src.example')).toThrow(/VITE_SUPABASE_URL/);
    expect(() => originOf('https://a"b.example')).toThrow(/VITE_SUPABASE_URL/);
  });
});

describe('contentSecurityPolicy', () => {
  it("allows only the app's own origin, with no inline script or style", () => {
    expect(contentSecurityPolicy({ apiOrigin: null, delivery: 'meta' })).toBe(SAME_ORIGIN_POLICY);
  });

  it('adds the API origin to connect-src only', () => {
    const policy = contentSecurityPolicy({ apiOrigin: 'https://xyz.supabase.co', delivery: 'meta' });
    expect(policy).toContain("connect-src 'self' https://xyz.supabase.co;");
    expect(policy.match(/xyz\.supabase\.co/g)).toHaveLength(1);
  });

  it('forbids framing in the header, which a meta tag cannot carry', () => {
    // The header also lets a worker compile wasm (the host's OCR engine, issue 41): a worker's policy is its script's header.
    expect(contentSecurityPolicy({ apiOrigin: null, delivery: 'header' })).toBe(
      `${SAME_ORIGIN_POLICY.replace("script-src 'self'", "script-src 'self' 'wasm-unsafe-eval'")}; frame-ancestors 'none'`,
    );
    expect(contentSecurityPolicy({ apiOrigin: null, delivery: 'meta' })).not.toContain('frame-ancestors');
  });
});

describe('the _headers file', () => {
  const rules = parseHeadersFile(renderHeadersFile(securityHeaderRules(null)));

  it('reads back what was written', () => {
    expect(rules).toEqual(securityHeaderRules(null));
  });

  it('gives every document the security headers, and the shell and the workers no-cache', () => {
    for (const path of ['/', '/index.html', '/f/cumple-vale', '/anfitrion', '/anfitrion.html', '/sync-worker.js', '/manifest.webmanifest', '/icons/icon.svg']) {
      const headers = headersFor(rules, path);
      expect(headers['Content-Security-Policy'], path).toContain("frame-ancestors 'none'");
      expect(headers['X-Frame-Options'], path).toBe('DENY');
      expect(headers['X-Content-Type-Options'], path).toBe('nosniff');
      expect(headers['Referrer-Policy'], path).toBe('strict-origin-when-cross-origin');
    }
    expect(headersFor(rules, '/index.html')['Cache-Control']).toBe('no-cache');
    expect(headersFor(rules, '/assets/index-abc.js')['Cache-Control']).toBe('public, max-age=31536000, immutable');
    expect(headersFor(rules, '/icons/icon.svg')['Cache-Control']).toBeUndefined();
  });

  it('gives the app’s worker a policy of its own origin alone, revalidated, and nothing that governs only a page', () => {
    expect(headersFor(rules, '/sw.js')).toEqual({
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      'Content-Security-Policy': "default-src 'self'",
      'Cache-Control': 'no-cache',
    });
  });

  it('gives a hashed script only what governs a script (no sniffing), and the probe of the signal no-store', () => {
    expect(headersFor(rules, '/assets/index-abc.js')).toEqual({
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      'Cache-Control': 'public, max-age=31536000, immutable',
    });
    expect(headersFor(rules, '/signal.txt')).toEqual({ 'X-Content-Type-Options': 'nosniff', 'X-Frame-Options': 'DENY', 'Cache-Control': 'no-store' });
  });

  it('joins a header two matching blocks set, as the hosts do, and skips comments', () => {
    const text = '# note\n/*\n  Link: </a.css>\n\n/x\n  link: </b.css>\n';
    expect(headersFor(parseHeadersFile(text), '/x')).toEqual({ Link: '</a.css>, </b.css>' });
  });

  it('refuses a header line outside a block, and a value that would split the file', () => {
    expect(() => parseHeadersFile('  X-A: b\n')).toThrow(/_headers/);
    expect(() => renderHeadersFile([{ path: '/*', headers: { 'X-A': 'b\nX-B: c' } }])).toThrow(/bad header/);
  });
});
