import { describe, expect, it } from 'vitest';
import { readBodyText } from '../../../supabase/functions/_shared/body.ts';
import { clientAddress } from '../../../supabase/functions/_shared/client-address.ts';
import { corsHeaders, isForbiddenCrossSite, parseAllowedOrigins, preflightHeaders } from '../../../supabase/functions/_shared/cors.ts';

const URL_ = 'http://functions.test/comment';

/** A body stream of `pieces` 1 KB pieces that counts how many were read. */
function countedBody(pieces: number) {
  const counter = { read: 0 };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (counter.read === pieces) controller.close();
      else {
        counter.read += 1;
        controller.enqueue(new Uint8Array(1024).fill(0x61));
      }
    },
  });
  return { body, counter };
}

function post(body: BodyInit, headers: Record<string, string> = {}) {
  return new Request(URL_, { method: 'POST', body, headers, duplex: 'half' } as RequestInit);
}

describe('request body', () => {
  it('reads a body up to 16 KB', async () => {
    const { body } = countedBody(16);
    await expect(readBodyText(post(body))).resolves.toEqual({ ok: true, text: 'a'.repeat(16 * 1024) });
  });

  it('stops reading as soon as the bytes pass 16 KB, whatever Content-Length says', async () => {
    const { body, counter } = countedBody(1000);
    await expect(readBodyText(post(body))).resolves.toEqual({ ok: false, reason: 'too large' });
    expect(counter.read).toBeLessThanOrEqual(18);
  });

  it('refuses a declared Content-Length over the limit without reading', async () => {
    const { body, counter } = countedBody(1000);
    await expect(readBodyText(post(body, { 'Content-Length': '20000' }))).resolves.toEqual({ ok: false, reason: 'too large' });
    expect(counter.read).toBeLessThanOrEqual(1);
  });

  it('refuses bytes that are not UTF-8', async () => {
    await expect(readBodyText(post(new Uint8Array([0x7b, 0xff, 0x7d])))).resolves.toEqual({ ok: false, reason: 'not utf-8' });
  });
});

describe('client address', () => {
  it('is the address the platform’s edge names, else the socket address; never x-forwarded-for', () => {
    const edge = new Request(URL_, { headers: { 'CF-Connecting-IP': ' 203.0.113.9 ', 'X-Forwarded-For': '198.51.100.1' } });
    expect(clientAddress(edge, '127.0.0.1')).toBe('203.0.113.9');
    const forged = new Request(URL_, { headers: { 'X-Forwarded-For': '198.51.100.1, 10.0.0.1' } });
    expect(clientAddress(forged, '192.0.2.4')).toBe('192.0.2.4');
    expect(clientAddress(new Request(URL_))).toBe('unknown');
  });
});

describe('CORS', () => {
  const allowed = parseAllowedOrigins(' https://bar.example ,https://tab.example/ ,');
  const from = (origin: string, headers: Record<string, string> = {}) => new Request(URL_, { headers: { Origin: origin, ...headers } });

  it('reads the allowed origins from a comma-separated list', () => {
    expect([...allowed]).toEqual(['https://bar.example', 'https://tab.example']);
    expect(parseAllowedOrigins(undefined).size).toBe(0);
  });

  it('answers allowed origins only', () => {
    expect(corsHeaders(from('https://bar.example'), allowed)['Access-Control-Allow-Origin']).toBe('https://bar.example');
    expect(corsHeaders(from('https://evil.example'), allowed)).toEqual({ Vary: 'Origin' });
    expect(preflightHeaders(from('https://evil.example'), allowed)).toBeNull();
    expect(preflightHeaders(from('https://tab.example'), allowed)).toMatchObject({
      'Access-Control-Allow-Origin': 'https://tab.example',
      'Access-Control-Allow-Methods': 'POST, OPTIONS',
    });
  });

  it('refuses browsers from other sites, never same-origin or non-browser calls', () => {
    expect(isForbiddenCrossSite(from('https://evil.example', { 'Sec-Fetch-Site': 'cross-site' }), allowed)).toBe(true);
    expect(isForbiddenCrossSite(from('https://bar.example', { 'Sec-Fetch-Site': 'cross-site' }), allowed)).toBe(false);
    expect(isForbiddenCrossSite(from('https://app.example', { 'Sec-Fetch-Site': 'same-origin' }), allowed)).toBe(false);
    expect(isForbiddenCrossSite(new Request(URL_), allowed)).toBe(false);
  });
});
