/**
 * `npm start`'s whole payment flow, with no money moving: the product starts
 * the Mercado Pago stand-in (no MERCADOPAGO_ACCESS_TOKEN given), the guest's
 * checkout goes through the app's origin to the `payments` function, the
 * stand-in's checkout page's 'Pagar' brings the guest back to the party's
 * link, and its signed notification, through the same origin (verify_jwt
 * off for payments), makes the tab paid. The token is in no served file.
 */
import { readdir, readFile, rm, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProduct, type RunningProduct } from '../../../scripts/lib/product.ts';

let workDir: string;
let product: RunningProduct | undefined;
const logs: string[] = [];

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'bar-tab-payments-'));
  product = await startProduct({
    port: 0,
    stateDir: join(workDir, 'state'),
    distDir: join(workDir, 'dist'),
    durable: false,
    log: (line) => logs.push(line),
  });
}, 180_000);

afterAll(async () => {
  await product?.stop();
  await rm(workDir, { recursive: true, force: true });
});

function running(): RunningProduct & { mercadoPago: NonNullable<RunningProduct['mercadoPago']> } {
  if (!product?.mercadoPago) throw new Error('the product did not start with the stand-in');
  return product as RunningProduct & { mercadoPago: NonNullable<RunningProduct['mercadoPago']> };
}

describe('npm start with the Mercado Pago stand-in', () => {
  it('runs a guest’s payment end to end through the app’s origin', async () => {
    const { appUrl, anonKey, mercadoPago } = running();
    const guest = crypto.randomUUID();
    const rest = { apikey: anonKey ?? '', Authorization: `Bearer ${anonKey ?? ''}`, 'Content-Type': 'application/json', 'x-guest-id': guest };
    expect(
      (await fetch(`${appUrl}/rest/v1/users`, { method: 'POST', headers: rest, body: JSON.stringify({ id: guest, full_name: 'Paula Pagadora' }) })).status,
    ).toBe(201);
    const order = { id: crypto.randomUUID(), user_id: guest, product_name: 'Summer Ale 500cc', product_price: 4400, created_at: new Date().toISOString() };
    expect((await fetch(`${appUrl}/rest/v1/orders`, { method: 'POST', headers: rest, body: JSON.stringify([order]) })).status).toBe(201);

    const asked = await fetch(`${appUrl}/functions/v1/payments`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'x-guest-id': guest },
      body: JSON.stringify({ action: 'checkout', amount: 4840 }),
    });
    expect(asked.status).toBe(200);
    const { init_point: initPoint } = (await asked.json()) as { init_point: string };
    expect(initPoint.startsWith(mercadoPago.url)).toBe(true);

    const page = await (await fetch(initPoint)).text();
    expect(page).toContain('>Pagar</button>');
    expect(page).toContain('>Rechazar</button>');
    expect(page).toContain('$4.840');
    const prefId = new URL(initPoint).searchParams.get('pref_id') ?? '';
    const paid = await fetch(`${mercadoPago.url}/checkout/v1/pay`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ pref_id: prefId, outcome: 'approved' }).toString(),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    // Back to the app's address as the guest's browser opened it (localhost), where the phone keeps the tab.
    expect(paid.headers.get('location')?.startsWith(`${appUrl}/?`)).toBe(true);
    await mercadoPago.settled();
    expect(mercadoPago.deliveries.at(-1)?.status).toBe(200);

    const status = await fetch(`${appUrl}/rest/v1/rpc/my_tab_status`, { method: 'POST', headers: rest, body: '{}' });
    expect(await status.json()).toMatchObject({ paid_mark: { paid_amount: 4840 }, owed: 0, payments: [{ amount: 4840, method: 'mercadopago' }] });
  });

  it('takes the payments function down and brings it back on the same address, behind the same origin', async () => {
    const { appUrl } = running();
    const webhook = `${appUrl}/functions/v1/payments/webhook?data.id=1&type=payment`;
    // Up: the function itself answers an unsigned notification (401).
    expect((await fetch(webhook, { method: 'POST', body: '{}' })).status).toBe(401);
    await running().stopFunction('payments');
    expect((await fetch(webhook, { method: 'POST', body: '{}' })).status).toBe(502);
    // The others keep running.
    expect((await fetch(`${appUrl}/functions/v1/host`, { method: 'POST', body: '{}' })).status).not.toBe(502);
    await running().startFunction('payments');
    expect((await fetch(webhook, { method: 'POST', body: '{}' })).status).toBe(401);
  });

  it('serves no file carrying the token or the webhook secret, and logs neither', async () => {
    const { mercadoPago } = running();
    const entries = await readdir(join(workDir, 'dist'), { recursive: true, withFileTypes: true });
    const files = entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
    expect(files.length).toBeGreaterThan(3);
    for (const file of files) {
      const text = await readFile(file, 'latin1');
      expect(text.includes(mercadoPago.accessToken), file).toBe(false);
      expect(text.includes(mercadoPago.webhookSecret), file).toBe(false);
    }
    for (const line of logs) {
      expect(line).not.toContain(mercadoPago.accessToken);
      expect(line).not.toContain(mercadoPago.webhookSecret);
    }
  });
});

describe('npm start, issue 42', () => {
  /** A guest of the default party with a Summer Ale 500cc on the server ($4.840 with tip), through the app's origin. */
  async function guestWithAle(name: string) {
    const { appUrl, anonKey } = running();
    const guest = crypto.randomUUID();
    const rest = { apikey: anonKey ?? '', Authorization: `Bearer ${anonKey ?? ''}`, 'Content-Type': 'application/json', 'x-guest-id': guest };
    await fetch(`${appUrl}/rest/v1/users`, { method: 'POST', headers: rest, body: JSON.stringify({ id: guest, full_name: name }) });
    const order = { id: crypto.randomUUID(), user_id: guest, product_name: 'Summer Ale 500cc', product_price: 4400, created_at: new Date().toISOString() };
    await fetch(`${appUrl}/rest/v1/orders`, { method: 'POST', headers: rest, body: JSON.stringify([order]) });
    return { guest, rest, order };
  }

  async function payWhole(guest: string): Promise<number> {
    const { appUrl, mercadoPago } = running();
    const asked = await fetch(`${appUrl}/functions/v1/payments`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'x-guest-id': guest },
      body: JSON.stringify({ action: 'checkout', amount: 4840 }),
    });
    const { init_point: initPoint } = (await asked.json()) as { init_point: string };
    const payment = mercadoPago.pay(new URL(initPoint).searchParams.get('pref_id') ?? '', 'approved');
    await mercadoPago.settled();
    return payment.id;
  }

  it('gives back a saldo a favor through Mercado Pago: the host function asks the payments function behind the same origin', async () => {
    const { appUrl, anonKey, hostKey, mercadoPago } = running();
    const { guest, rest, order } = await guestWithAle('Raúl Reembolso');
    const payment = await payWhole(guest);
    // The guest takes the beer off after paying: $4.840 owed back.
    await fetch(`${appUrl}/rest/v1/orders?id=eq.${order.id}`, { method: 'PATCH', headers: rest, body: JSON.stringify({ active: false }) });
    const status = (await (await fetch(`${appUrl}/rest/v1/rpc/my_tab_status`, { method: 'POST', headers: rest, body: '{}' })).json()) as { credit: number };
    expect(status.credit).toBe(4840);
    const host = { 'Content-Type': 'application/json', apikey: anonKey ?? '', Authorization: `Bearer ${anonKey ?? ''}` };
    const refunded = await fetch(`${appUrl}/functions/v1/host`, {
      method: 'POST',
      headers: host,
      body: JSON.stringify({ key: hostKey, action: 'refund', guestId: guest, amount: 4840, way: 'mercadopago' }),
    });
    expect(refunded.status).toBe(200);
    expect(mercadoPago.refunds.filter((refund) => refund.payment_id === payment).map((refund) => refund.amount)).toEqual([4840]);
    // Nobody but the project's functions asks the payments function for refunds.
    const forged = await fetch(`${appUrl}/functions/v1/payments/refund`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${anonKey ?? ''}` },
      body: JSON.stringify({ party: crypto.randomUUID(), guest, amount: 1 }),
    });
    expect(forged.status).toBe(401);
  });

  it('prints one line, as npm start shows the functions’ lines, for a refused signature and for a payment that could not be recorded', async () => {
    const { appUrl, mercadoPago } = running();
    const { operatorConsole } = await import('../../../scripts/lib/operator-console.ts');
    const before = logs.length;
    expect((await fetch(`${appUrl}/functions/v1/payments/webhook?data.id=123&type=payment`, { method: 'POST', body: '{}' })).status).toBe(401);
    // Mercado Pago says it received more than a peso amount can hold: the database refuses to record it.
    const { guest } = await guestWithAle('Ramón Raro');
    mercadoPago.misbehave({ wrongAmount: 2_000_000_000 });
    try {
      const asked = await fetch(`${appUrl}/functions/v1/payments`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'x-guest-id': guest },
        body: JSON.stringify({ action: 'checkout', amount: 4840 }),
      });
      const { init_point: initPoint } = (await asked.json()) as { init_point: string };
      mercadoPago.pay(new URL(initPoint).searchParams.get('pref_id') ?? '', 'approved');
      await expect.poll(() => logs.slice(before).some((line) => line.includes('could not be recorded')), { timeout: 20_000 }).toBe(true);
    } finally {
      mercadoPago.reset();
    }
    const shown: string[] = [];
    const terminal = operatorConsole(false, (line) => shown.push(line));
    for (const line of logs.slice(before)) terminal.log(line);
    terminal.close();
    expect(shown.filter((line) => line.includes('notification refused'))).toHaveLength(1);
    expect(shown.filter((line) => line.includes('could not be recorded')).length).toBeGreaterThanOrEqual(1);
    for (const line of shown) expect(line).not.toContain(mercadoPago.webhookSecret);
  });
});
