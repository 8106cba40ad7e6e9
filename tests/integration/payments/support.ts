/**
 * The payments tests' world (issue 42): the real PostgreSQL and PostgREST, the
 * `payments` function in Deno behind a gateway laid out like the project (so
 * Mercado Pago's notifications and the host function's refunds reach it as
 * on Supabase), the Mercado Pago stand-in, and the `host` handler in Node with
 * the service role, asking the payments function for refunds. Each test file
 * starts its own; what a guest's phone and the host read are one call each.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { expect } from 'vitest';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEdgeFunction, type RunningEdgeFunction } from '../../../scripts/lib/edge-function.ts';
import { startGateway, type RunningGateway } from '../../../scripts/lib/gateway.ts';
import { startMercadoPagoStandIn, type MercadoPagoStandIn, type StandInPreference } from '../../../scripts/lib/mercadopago-standin.ts';
import { freePort } from '../../../scripts/lib/ports.ts';
import { createHostHandler, type HostHandler } from '../../../supabase/functions/host/handler.ts';
import { PAYMENTS_ENV_NAMES } from '../../../supabase/functions/payments/settings.ts';
import { asGuest } from '../../support/as-guest.ts';
import { startTestStack, type TestStack } from '../../support/stack.ts';
import { askHost, freshAddress, guestWithOrders, HOST_KEY, product, type SeededGuest } from '../host/support.ts';

const NO_DOWNLOADS = { NPM_CONFIG_REGISTRY: 'http://127.0.0.1:9/', HTTPS_PROXY: 'http://127.0.0.1:9', NO_PROXY: '127.0.0.1' };

export interface PaymentsWorld {
  readonly stack: TestStack;
  readonly standIn: MercadoPagoStandIn;
  readonly gateway: RunningGateway;
  readonly host: HostHandler;
  /** Every line the payments function logged, as npm start would print them. */
  readonly logs: string[];
  /** The payments function taken down (a notification then finds nobody), and brought back on the same address. */
  stopPayments(): Promise<void>;
  startPayments(): Promise<void>;
  stop(): Promise<void>;
}

export async function startPaymentsWorld(): Promise<PaymentsWorld> {
  const stack = await startTestStack();
  const logs: string[] = [];
  const standIn = await startMercadoPagoStandIn({ retryBaseMs: 50, retryMaxMs: 400, maxAttempts: 40, log: (line) => logs.push(line) });
  const functionPort = await freePort();
  const gateway = await startGateway([
    { prefix: '/rest/v1', target: stack.stack.restUrl, apiKeys: [stack.stack.anonKey, stack.stack.serviceRoleKey] },
    { prefix: '/functions/v1/payments', target: () => `http://127.0.0.1:${functionPort}/payments` },
  ]);
  const denoDir = mkdtempSync(join(tmpdir(), 'deno-dir-payments-'));
  const start = () =>
    startEdgeFunction({
      name: 'payments',
      port: functionPort,
      denoDir,
      env: {
        ...NO_DOWNLOADS,
        SUPABASE_URL: gateway.url,
        SUPABASE_SERVICE_ROLE_KEY: stack.stack.serviceRoleKey,
        MERCADOPAGO_ACCESS_TOKEN: standIn.accessToken,
        MERCADOPAGO_WEBHOOK_SECRET: standIn.webhookSecret,
        MERCADOPAGO_API_URL: standIn.url,
      },
      allowNet: [new URL(gateway.url).host, new URL(standIn.url).host],
      allowEnv: PAYMENTS_ENV_NAMES,
      onOutput: (line) => logs.push(line),
    });
  let payments: RunningEdgeFunction | null = await start();
  const host = createHostHandler({
    // As npm start gives it: the host function says the deployment has Mercado Pago too (it keeps only that of them).
    env: {
      HOST_KEY,
      SUPABASE_SERVICE_ROLE_KEY: stack.stack.serviceRoleKey,
      SUPABASE_URL: gateway.url,
      MERCADOPAGO_ACCESS_TOKEN: standIn.accessToken,
      MERCADOPAGO_WEBHOOK_SECRET: standIn.webhookSecret,
    },
    restUrl: stack.stack.restUrl(),
    log: (line) => logs.push(line),
  });
  return {
    stack,
    standIn,
    gateway,
    host,
    logs,
    async stopPayments() {
      await payments?.stop();
      payments = null;
    },
    async startPayments() {
      payments ??= await start();
    },
    async stop() {
      await payments?.stop();
      await standIn.close();
      await gateway.close();
      await stack.stop();
      rmSync(denoDir, { recursive: true, force: true });
    },
  };
}

export interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly body: Record<string, unknown>;
}

/** The guest's phone asking the payments function, with its headers. */
export async function askPayments(world: PaymentsWorld, guest: SeededGuest | null, body: unknown): Promise<Answer> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (guest) headers['x-guest-id'] = guest.id;
  if (guest?.party) headers['x-party-code'] = guest.party;
  const response = await fetch(`${world.gateway.url}/functions/v1/payments`, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
}

/** A checkout of `amount`, answered with the stand-in's preference. */
export async function checkout(world: PaymentsWorld, guest: SeededGuest, amount: number): Promise<StandInPreference> {
  const answer = await askPayments(world, guest, { action: 'checkout', amount });
  if (answer.status !== 200) throw new Error(`checkout refused: ${answer.status} ${JSON.stringify(answer.body)}`);
  const initPoint = String(answer.body.init_point);
  const preference = world.standIn.preferences.find((candidate) => initPoint.endsWith(encodeURIComponent(candidate.id)));
  if (!preference) throw new Error(`no preference for ${initPoint}`);
  return preference;
}

export interface PhoneStatus {
  readonly known: boolean;
  readonly paid_mark: { paid_amount: number } | null;
  readonly owed: number | null;
  readonly credit: number | null;
  readonly pending: number | null;
  readonly checkout_open: boolean;
  readonly payments: { amount: number; method: string }[];
  readonly refunds: { amount: number; method: string }[];
  readonly last_payment: { status: string } | null;
  readonly transfer_notices: { id: string; amount: number }[];
}

/** What the guest's phone reads (my_tab_status through PostgREST, as the app asks it). */
export async function phone(world: PaymentsWorld, guest: SeededGuest): Promise<PhoneStatus> {
  const answer = await asGuest(world.stack, '/rpc/my_tab_status', {
    method: 'POST',
    guest: guest.id,
    body: {},
    ...(guest.party ? { party: guest.party } : {}),
  });
  return answer.body as PhoneStatus;
}

export interface HostRow {
  readonly id: string;
  readonly tipped: number;
  readonly paid_amount: number | null;
  readonly credit: number;
  readonly refundable: number;
  readonly refund_asked: number;
  readonly refunds: { amount: number; method: string }[];
}

/** The host's page, asking the host function with the owner's key about the guest's party. */
export async function asHost(world: PaymentsWorld, body: Record<string, unknown>, party?: string): Promise<Answer> {
  const call = await askHost(world.host, { key: HOST_KEY, ...body, ...(party ? { party } : {}) }, freshAddress());
  return { status: call.status, headers: call.headers, body: call.body as Record<string, unknown> };
}

/** The guest's row on the host's page, and the party's figures. */
export async function hostRow(world: PaymentsWorld, guest: SeededGuest): Promise<{ row: HostRow | undefined; paid: number; owed: number; credit: number }> {
  const { body } = await asHost(world, { action: 'party' }, guest.party);
  const party = body as unknown as { paid: number; owed: number; credit: number; guests: HostRow[] };
  return { row: party.guests.find((row) => row.id === guest.id), paid: party.paid, owed: party.owed, credit: party.credit };
}

/** 'Devolver $X' on the guest's row, as the host's page asks it. */
export const giveBack = (world: PaymentsWorld, guest: SeededGuest, amount: number, way: 'mercadopago' | 'host' = 'mercadopago') =>
  asHost(world, { action: 'refund', guestId: guest.id, amount, way }, guest.party);

/** The guest's payments as recorded from Mercado Pago's reads. */
export function storedPayments(world: PaymentsWorld, guest: SeededGuest) {
  return world.stack.query<{ payment_id: string; status: string; amount: string; refunded_amount: string }>(
    'select payment_id, status, amount::text, refunded_amount::text from provider_payments where user_id = $1 order by created_at, payment_id',
    [guest.id],
  );
}

/** The guest's refunds, as the database holds them. */
export function storedRefunds(world: PaymentsWorld, guest: SeededGuest) {
  return world.stack.query<{ way: string; payment_id: string | null; amount: string; state: string }>(
    'select way, payment_id, amount::text, state from payment_refunds where user_id = $1 order by asked_at, id',
    [guest.id],
  );
}

/** Everyone agrees, to the peso: the phone's paid, owed and saldo a favor; the host's row and figures; Postgres's party_paid. */
export async function expectMoney(world: PaymentsWorld, guest: SeededGuest, expected: { paid: number; tipped: number }): Promise<void> {
  const owed = Math.max(expected.tipped - expected.paid, 0);
  const credit = Math.max(expected.paid - expected.tipped, 0);
  const read = await phone(world, guest);
  const host = await hostRow(world, guest);
  const [paid] = await world.stack.query<{ paid_amount: string }>('select paid_amount::text from party_paid((select party_id from users where id = $1), $1)', [
    guest.id,
  ]);
  const seen = {
    phone: { paid: read.paid_mark?.paid_amount ?? 0, owed: read.owed, credit: read.credit },
    host: { paid: host.row?.paid_amount ?? 0, tipped: host.row?.tipped, credit: host.row?.credit },
    postgres: Number(paid?.paid_amount ?? 0),
  };
  const wanted = {
    phone: { paid: expected.paid, owed, credit },
    host: { paid: expected.paid, tipped: expected.tipped, credit },
    postgres: expected.paid,
  };
  expect(seen).toEqual(wanted);
}

let guestNumber = 0;
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** A guest of the party (none: the default one) with Summer Ale 500cc and Summer Ale 300cc: $7.390, $8.129 with tip; named `<first> <two letters>`. */
export function payingGuest(world: PaymentsWorld, first: string, party?: string): Promise<SeededGuest> {
  guestNumber += 1;
  const name = `${first} ${LETTERS[guestNumber % 26] ?? ''}${LETTERS[Math.floor(guestNumber / 26) % 26] ?? ''}`;
  return guestWithOrders(world.stack, name, [product('Summer Ale 500cc'), product('Summer Ale 300cc')], party);
}
