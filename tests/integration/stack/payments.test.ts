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
