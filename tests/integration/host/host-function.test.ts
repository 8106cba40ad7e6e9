/**
 * The `host` function's handler against the real stack (PostgreSQL, PostgREST,
 * the service role): the key, the wrong-key limit per address, bad input in
 * Spanish, and nothing the guests stored ever changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseGuestDetail, parseParty } from '../../../src/host/party.ts';
import { HOST_ERRORS } from '../../../supabase/functions/_shared/host-errors.ts';
import type { HostHandler } from '../../../supabase/functions/host/handler.ts';
import { startTestStack, type TestStack } from '../../support/stack.ts';
import { askHost, freshAddress, guestData, guestWithOrders, HOST_KEY, hostHandler, product, type SeededGuest } from './support.ts';

let stack: TestStack;
let handler: HostHandler;
let ana: SeededGuest;

beforeAll(async () => {
  stack = await startTestStack();
  handler = hostHandler(stack);
  ana = await guestWithOrders(stack, 'Ana Pérez', [product('Summer Ale 500cc'), product('Aperol Spritz')]);
});

afterAll(async () => {
  await stack.stop();
});

const party = { key: HOST_KEY, action: 'party' };

describe('the host key', () => {
  it('opens the party with the right key', async () => {
    const answer = await askHost(handler, party, freshAddress());
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(parseParty(answer.body)?.guests).toEqual([expect.objectContaining({ id: ana.id, full_name: 'Ana Pérez', orders: 2 })]);
  });

  it('answers a wrong key with 401 and "Clave incorrecta." and shows nothing', async () => {
    for (const key of [`${HOST_KEY}x`, HOST_KEY.slice(0, -1), 'a', HOST_KEY.toUpperCase()]) {
      const answer = await askHost(handler, { ...party, key }, freshAddress());
      expect(answer, key).toMatchObject({ status: 401, body: { error: 'Clave incorrecta.' } });
      expect(JSON.stringify(answer.body)).not.toContain('Ana');
    }
  });

  it('answers a missing key with 401 and its own reason', async () => {
    for (const body of [{ action: 'party' }, { action: 'party', key: '' }, { action: 'party', key: 42 }]) {
      expect(await askHost(handler, body, freshAddress()), JSON.stringify(body)).toMatchObject({
        status: 401,
        body: { error: 'Falta la clave para organizar.' },
      });
    }
  });

  it('never says the key, not in answers nor in the log', async () => {
    const lines: string[] = [];
    const logged = hostHandler(stack, { log: (line) => lines.push(line), restUrl: 'http://127.0.0.1:9' });
    const answer = await askHost(logged, party, freshAddress());
    expect(answer.status).toBe(503);
    expect(lines.length).toBeGreaterThan(0);
    expect(`${lines.join('\n')}${JSON.stringify(answer.body)}`).not.toContain(HOST_KEY);
  });
});

describe('the wrong-key limit', () => {
  it('refuses the 11th wrong try in a minute from one address, with Retry-After', async () => {
    const address = freshAddress();
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expect((await askHost(handler, { ...party, key: `mala-${attempt}` }, address)).status, `try ${attempt}`).toBe(401);
    }
    const limited = await askHost(handler, { ...party, key: 'mala-11' }, address);
    expect(limited).toMatchObject({ status: 429, body: { error: 'Demasiados intentos; espera un minuto.' } });
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await askHost(handler, { ...party, key: 'mala-12' }, address)).toMatchObject({ status: 429, body: { error: HOST_ERRORS.tooManyTries } });
  });

  it('never locks out the right key: a guest guessing from the bar’s address cannot keep the host off', async () => {
    const bar = freshAddress();
    for (let minute = 0; minute < 3; minute += 1) {
      for (let attempt = 0; attempt < 11; attempt += 1) await askHost(handler, { ...party, key: `mala-${minute}-${attempt}` }, bar);
      expect((await askHost(handler, { ...party, key: 'mala' }, bar)).status).toBe(429);
      const host = await askHost(handler, party, bar);
      expect(host.status).toBe(200);
      expect(parseParty(host.body)?.guests.map((guest) => guest.id)).toContain(ana.id);
      expect((await askHost(handler, { key: HOST_KEY, action: 'paid', guestId: ana.id, paid: false }, bar)).status).toBe(200);
    }
  });

  it('holds per address: another address is not slowed', async () => {
    const address = freshAddress();
    for (let attempt = 0; attempt < 11; attempt += 1) await askHost(handler, { ...party, key: 'mala' }, address);
    expect((await askHost(handler, { ...party, key: 'mala' }, address)).status).toBe(429);
    expect((await askHost(handler, { ...party, key: 'mala' }, freshAddress())).status).toBe(401);
  });

  it('is kept in the database, so every instance of the function sees it', async () => {
    const address = freshAddress();
    const other = hostHandler(stack);
    for (let attempt = 0; attempt < 10; attempt += 1) await askHost(attempt % 2 ? handler : other, { ...party, key: 'mala' }, address);
    expect((await askHost(other, { ...party, key: 'mala' }, address)).status).toBe(429);
    const [row] = await stack.query<{ failures: number }>('select failures from host_key_failures where address = $1', [address]);
    expect(row?.failures).toBe(11);
  });

  it('lets the address in again once its window has passed', async () => {
    const quick = hostHandler(stack, { keyTries: { tries: 2, windowSeconds: 1 } });
    const address = freshAddress();
    for (let attempt = 0; attempt < 3; attempt += 1) await askHost(quick, { ...party, key: 'mala' }, address);
    expect((await askHost(quick, { ...party, key: 'mala' }, address)).status).toBe(429);
    const deadline = Date.now() + 10_000;
    let status = 429;
    while (status === 429 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = (await askHost(quick, { ...party, key: 'mala' }, address)).status;
    }
    expect(status).toBe(401);
  });

  it('does not count a missing key or a right one', async () => {
    const address = freshAddress();
    for (let attempt = 0; attempt < 12; attempt += 1) {
      await askHost(handler, { action: 'party' }, address);
      await askHost(handler, party, address);
    }
    expect((await askHost(handler, party, address)).status).toBe(200);
  });
});

describe('bad input', () => {
  const address = freshAddress();

  it('answers a malformed body with 400 and a Spanish reason', async () => {
    for (const body of ['{', '[]', '"hola"', 'null']) {
      const answer = await askHost(handler, body, address);
      expect(answer.status, body).toBe(400);
      expect((answer.body as { error: string }).error, body).toMatch(/^El cuerpo /);
    }
  });

  it('answers a bad action or guest id with 400, after the key', async () => {
    const cases = [
      { key: HOST_KEY, action: 'borrar' },
      { key: HOST_KEY, action: 'guest', guestId: 'no-es-un-uuid' },
      { key: HOST_KEY, action: 'paid', guestId: ana.id },
      { key: HOST_KEY, action: 'paid', guestId: ana.id, paid: true, amount: -1 },
      { key: HOST_KEY, action: 'paid', guestId: ana.id, paid: true, amount: 1.5 },
    ];
    for (const body of cases) {
      const answer = await askHost(handler, body, address);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect((answer.body as { error: string }).error).toMatch(/^Pedido inválido: /);
    }
    expect((await askHost(handler, { key: 'mala', action: 'borrar' }, freshAddress())).status).toBe(401);
  });

  it('answers an unknown guest with 404', async () => {
    const unknown = crypto.randomUUID();
    for (const body of [
      { action: 'guest', guestId: unknown },
      { action: 'paid', guestId: unknown, paid: true },
    ]) {
      expect(await askHost(handler, { key: HOST_KEY, ...body }, address)).toMatchObject({ status: 404, body: { error: 'Invitado desconocido.' } });
    }
  });

  it('answers 413 for a body over 128 KB (an import of a few hundred lines fits), 405 for other methods, 404 elsewhere', async () => {
    expect((await askHost(handler, { ...party, padding: 'x'.repeat(20_000) }, address)).status).toBe(200);
    expect(await askHost(handler, { ...party, padding: 'x'.repeat(140_000) }, address)).toMatchObject({
      status: 413,
      body: { error: 'El pedido es demasiado grande (máximo 128 KB).' },
    });
    const get = await handler(new Request('http://127.0.0.1/host'));
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST, OPTIONS');
    const elsewhere = await handler(new Request('http://127.0.0.1/functions/v1/otra', { method: 'POST', body: JSON.stringify(party) }));
    expect(elsewhere.status).toBe(404);
  });

  it('answers on every path the function may see', async () => {
    for (const path of ['/', '/host', '/host/', '/functions/v1/host']) {
      const response = await handler(
        new Request(`http://127.0.0.1${path}`, { method: 'POST', body: JSON.stringify(party), headers: { 'cf-connecting-ip': address } }),
      );
      expect(response.status, path).toBe(200);
    }
  });

  it('refuses everything with 503 when HOST_KEY is not set, rather than open the party', async () => {
    const unset = hostHandler(stack, { env: { SUPABASE_SERVICE_ROLE_KEY: stack.stack.serviceRoleKey } });
    for (const key of [HOST_KEY, '', 'undefined']) {
      expect((await askHost(unset, { ...party, key }, address)).status).toBe(503);
    }
  });

  it('refuses a browser on another site unless ALLOWED_ORIGINS names it', async () => {
    const init = { headers: { 'Content-Type': 'application/json', origin: 'https://otro.example', 'sec-fetch-site': 'cross-site' } };
    expect((await askHost(handler, party, address, init)).status).toBe(403);
    const allowing = hostHandler(stack, {
      env: { HOST_KEY, SUPABASE_SERVICE_ROLE_KEY: stack.stack.serviceRoleKey, ALLOWED_ORIGINS: 'https://otro.example' },
    });
    const allowed = await askHost(allowing, party, address, init);
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://otro.example');
  });
});

describe('what guests stored', () => {
  it('is never changed by the host page’s requests, including paid marks', async () => {
    const before = await guestData(stack);
    const address = freshAddress();
    const requests = [
      party,
      { key: HOST_KEY, action: 'guest', guestId: ana.id },
      { key: HOST_KEY, action: 'orders' },
      { key: HOST_KEY, action: 'paid', guestId: ana.id, paid: true, amount: 11_990 },
      { key: HOST_KEY, action: 'paid', guestId: ana.id, paid: false },
      { key: 'mala', action: 'paid', guestId: ana.id, paid: true },
    ];
    for (const body of requests) await askHost(handler, body, address);
    expect(await guestData(stack)).toBe(before);
  });

  it('reads one guest’s active orders, newest first', async () => {
    const answer = await askHost(handler, { key: HOST_KEY, action: 'guest', guestId: ana.id }, freshAddress());
    const detail = parseGuestDetail(answer.body);
    expect(detail?.orders.map((order) => [order.product_name, order.product_price])).toEqual([
      ['Aperol Spritz', 6500],
      ['Summer Ale 500cc', 4400],
    ]);
  });
});
