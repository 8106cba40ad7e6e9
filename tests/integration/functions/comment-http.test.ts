import { describe, expect, it } from 'vitest';
import { createCommentHandler, type CommentHandlerOptions } from '../../../supabase/functions/comment/handler.ts';
import { DEFAULT_ADDRESS_RATE_LIMIT } from '../../../supabase/functions/comment/rate-limiter.ts';

const ADDRESS_CEILING = DEFAULT_ADDRESS_RATE_LIMIT.requests;
import { anOrder, commentRequest, FUNCTION_URL, GUEST_ID } from '../../support/comment-orders.ts';
import { readPieces } from '../../support/read-stream.ts';

const APP = 'https://bar.example';

function quipHandler(options: Partial<CommentHandlerOptions> = {}) {
  return createCommentHandler({ env: { ALLOWED_ORIGINS: APP }, quipPauseMs: 1, log: () => undefined, ...options });
}

async function errorOf(response: Response, status: number) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  return (await response.json()) as { error: string; issues?: { path: string; message: string }[] };
}

describe('comment function over HTTP', () => {
  it('answers on /, /comment and /functions/v1/comment, and 404 elsewhere', async () => {
    const handler = quipHandler();
    for (const path of ['/', '/comment', '/functions/v1/comment', '/comment/']) {
      expect((await handler(commentRequest(anOrder(), { url: `http://functions.test${path}` }))).status).toBe(200);
    }
    await errorOf(await handler(commentRequest(anOrder(), { url: 'http://functions.test/rest/v1/orders' })), 404);
  });

  it('takes POST only: 405 with Allow', async () => {
    const response = await quipHandler()(new Request(FUNCTION_URL, { method: 'GET' }));
    expect(response.headers.get('allow')).toBe('POST, OPTIONS');
    expect((await errorOf(response, 405)).error).toMatch(/POST/);
  });

  it('answers 400 with a reason for a body that is not JSON', async () => {
    expect((await errorOf(await quipHandler()(commentRequest('{"guestId":')), 400)).error).toBe('El cuerpo no es JSON válido.');
  });

  it('answers 400 with the issues for an invalid order', async () => {
    const body = await errorOf(await quipHandler()(commentRequest(anOrder({ name: 'Al', product: { name: 'Summer Ale 500cc', price: 10.5 } }))), 400);
    expect(body.error).toBe('Pedido inválido.');
    expect(body.issues?.map((issue) => issue.path)).toEqual(['name', 'product']);
  });

  it('answers 413 past 16 KB, whether declared or not', async () => {
    const tooLong = JSON.stringify(anOrder({ previousComment: 'x'.repeat(17_000) }));
    await errorOf(await quipHandler()(commentRequest(tooLong)), 413);
    const undeclared = new Request(FUNCTION_URL, {
      method: 'POST',
      body: new Blob([tooLong]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(undeclared.headers.get('content-length')).toBeNull();
    await errorOf(await quipHandler()(undeclared), 413);
  });

  it('answers a preflight from an allowed origin with CORS, and refuses others', async () => {
    const preflight = (origin: string) =>
      new Request(FUNCTION_URL, {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type, x-guest-id' },
      });
    const allowed = await quipHandler()(preflight(APP));
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(APP);
    expect(allowed.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
    expect(allowed.headers.get('access-control-allow-headers')).toBe('content-type, x-guest-id');
    const refused = await quipHandler()(preflight('https://evil.example'));
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    await errorOf(refused, 403);
    const withoutList = await quipHandler({ env: {} })(preflight(APP));
    expect(withoutList.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('puts the CORS headers on every answer, errors included', async () => {
    const fromApp = { headers: { Origin: APP, 'Sec-Fetch-Site': 'cross-site' } };
    const streamed = await quipHandler()(commentRequest(anOrder(), fromApp));
    expect(streamed.headers.get('access-control-allow-origin')).toBe(APP);
    const invalid = await quipHandler()(commentRequest('nope', fromApp));
    expect(invalid.headers.get('access-control-allow-origin')).toBe(APP);
    await errorOf(invalid, 400);
  });

  it('refuses browsers from sites not allowed, but serves its own origin', async () => {
    const cross = { headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' } };
    await errorOf(await quipHandler()(commentRequest(anOrder(), cross)), 403);
    const same = { headers: { Origin: 'https://app.example', 'Sec-Fetch-Site': 'same-origin' } };
    expect((await quipHandler({ env: {} })(commentRequest(anOrder(), same))).status).toBe(200);
  });

  it('limits each guest to 12 comments a minute, with Retry-After', async () => {
    const clock = { now: 0 };
    const handler = quipHandler({ now: () => clock.now });
    const ask = (address: string) => handler(commentRequest(anOrder()), { remoteAddr: address });
    for (let order = 0; order < 12; order += 1) expect((await ask(`10.0.0.${order}`)).status).toBe(200);
    const limited = await ask('10.0.1.1');
    expect(limited.headers.get('retry-after')).toBe('5');
    expect((await errorOf(limited, 429)).error).toMatch(/espera/);
    clock.now += 5_000;
    expect((await ask('10.0.1.1')).status).toBe(200);
  });

  it('holds each client address to a ceiling far above a party’s need (a bar shares one), as the platform’s edge names it', async () => {
    const handler = quipHandler({ now: () => 0 });
    const ask = (guest: number, edgeAddress: string, forged = '') =>
      handler(
        commentRequest(anOrder({ guestId: `${GUEST_ID.slice(0, -3)}${String(guest).padStart(3, '0')}` }), {
          headers: { 'CF-Connecting-IP': edgeAddress, ...(forged ? { 'X-Forwarded-For': forged } : {}) },
        }),
        { remoteAddr: '127.0.0.1' },
      );
    for (let guest = 0; guest < ADDRESS_CEILING; guest += 1) expect((await ask(guest, '203.0.113.7')).status).toBe(200);
    await errorOf(await ask(ADDRESS_CEILING, '203.0.113.7'), 429);
    expect((await ask(ADDRESS_CEILING + 1, '198.51.100.2')).status).toBe(200);
  });

  it('gives no new allowance to a forged x-forwarded-for', async () => {
    const handler = quipHandler({ now: () => 0 });
    const ask = (guest: number) =>
      handler(
        commentRequest(anOrder({ guestId: `${GUEST_ID.slice(0, -3)}${String(guest).padStart(3, '0')}` }), {
          headers: { 'X-Forwarded-For': `198.51.100.${guest % 250}` },
        }),
        { remoteAddr: '192.0.2.50' },
      );
    const answers = [];
    for (let guest = 0; guest < ADDRESS_CEILING + 50; guest += 1) answers.push((await ask(guest)).status);
    expect(answers.filter((status) => status === 200)).toHaveLength(ADDRESS_CEILING);
  });

  it('lets one greedy guest spend none of the shared address’s allowance', async () => {
    const handler = quipHandler({ now: () => 0 });
    const ask = (guest: number) =>
      handler(commentRequest(anOrder({ guestId: `${GUEST_ID.slice(0, -3)}${String(guest).padStart(3, '0')}` })), { remoteAddr: '203.0.113.9' });
    const greedy = await Promise.all(Array.from({ length: 30 }, () => ask(0)));
    expect(greedy.filter((answer) => answer.status === 200)).toHaveLength(12);
    for (let guest = 1; guest <= ADDRESS_CEILING - 12; guest += 1) expect((await ask(guest)).status, `guest ${guest}`).toBe(200);
    await errorOf(await ask(ADDRESS_CEILING - 11), 429);
  });

  it('streams a local quip in pieces when no key is set, never repeating the previous comment', async () => {
    const handler = quipHandler();
    const first = await handler(commentRequest(anOrder()));
    expect(first.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const pieces = await readPieces(first);
    expect(pieces.length).toBeGreaterThan(3);
    const quip = pieces.join('');
    expect(quip).toContain('Ana');
    expect(quip).toContain('Summer Ale 500cc');
    const next = (await readPieces(await handler(commentRequest(anOrder({ previousComment: quip }))))).join('');
    expect(next).not.toBe(quip);
    expect(next).toContain('Summer Ale 500cc');
  });
});
