/** Every answer a function gives carries the API's security headers, whoever built it. */
import { describe, expect, it } from 'vitest';
import { parseAllowedOrigins } from '../../../supabase/functions/_shared/cors.ts';
import { refuseRequest, withLastResort } from '../../../supabase/functions/_shared/gate.ts';
import { jsonError, textStream } from '../../../supabase/functions/_shared/responses.ts';

/** Said as the issue asks, not imported: a change to the shared set must change this too. */
const API_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
};

const URL_ = 'http://functions.test/functions/v1/comment';
const allowed = parseAllowedOrigins('https://bar.example');
const CORS = { 'Access-Control-Allow-Origin': 'https://bar.example', Vary: 'Origin' };

const headersOf = (response: Response) => Object.fromEntries(response.headers.entries());
const refusal = (init: RequestInit & { url?: string }) => refuseRequest('comment', new Request(init.url ?? URL_, init), allowed, CORS);

describe('a function’s answers', () => {
  it.each([
    ['a JSON error', () => jsonError({ status: 429, error: 'Espera.', retryAfterSeconds: 3 }, CORS)],
    ['a streamed comment', () => textStream(new ReadableStream({ start: (controller) => controller.close() }), CORS)],
    ['404 another path', () => refusal({ url: 'http://functions.test/otra', method: 'POST' })],
    ['204 a preflight from an allowed origin', () => refusal({ method: 'OPTIONS', headers: { Origin: 'https://bar.example' } })],
    ['204 a preflight without an origin', () => refusal({ method: 'OPTIONS' })],
    ['403 a preflight from another origin', () => refusal({ method: 'OPTIONS', headers: { Origin: 'https://otro.example' } })],
    ['405 another method', () => refusal({ method: 'GET' })],
  ])('%s carries the security headers', (_name, make) => {
    const response = make();
    expect(response).not.toBeNull();
    expect(headersOf(response as Response)).toMatchObject(API_HEADERS);
  });

  it('keeps CORS beside them, and no caller’s header replaces them', () => {
    const answer = jsonError({ status: 400, error: 'Mal.', headers: { 'X-Frame-Options': 'SAMEORIGIN' } }, CORS);
    expect(headersOf(answer)).toMatchObject({ ...API_HEADERS, 'access-control-allow-origin': 'https://bar.example', vary: 'Origin' });
  });

  it('are added by the door to an answer a handler built by hand, its body still a stream', async () => {
    const handler = withLastResort(
      allowed,
      () => undefined,
      () => Promise.resolve(new Response('{"total":1}', { status: 200, headers: { 'Content-Type': 'application/json' } })),
    );
    const answer = await handler(new Request(URL_, { method: 'POST' }));
    expect(headersOf(answer)).toMatchObject({ ...API_HEADERS, 'content-type': 'application/json' });
    expect(await answer.text()).toBe('{"total":1}');
  });

  it('are added to an answer whose headers cannot change (as fetch gives them), status kept', async () => {
    const handler = withLastResort(
      allowed,
      () => undefined,
      () => Promise.resolve(Response.redirect('https://bar.example/', 302)),
    );
    const answer = await handler(new Request(URL_, { method: 'POST' }));
    expect(answer.status).toBe(302);
    expect(headersOf(answer)).toMatchObject({ ...API_HEADERS, location: 'https://bar.example/' });
  });

  it('are on the last resort’s 500', async () => {
    const handler = withLastResort(
      allowed,
      () => undefined,
      () => Promise.reject(new Error('boom')),
    );
    const answer = await handler(new Request(URL_, { method: 'POST' }));
    expect(answer.status).toBe(500);
    expect(headersOf(answer)).toMatchObject(API_HEADERS);
  });
});
