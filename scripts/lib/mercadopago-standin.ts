/**
 * A local stand-in for the subset of Mercado Pago's API the `payments`
 * function speaks, so the whole flow runs on this machine with no money
 * moving: `POST /checkout/preferences` (a Checkout Pro preference, its
 * `init_point` a checkout page here with 'Pagar' and 'Rechazar'),
 * `GET /v1/payments/{id}`, and signed notifications (`x-signature`,
 * `x-request-id`, `?data.id=…&type=payment`) to the preference's
 * `notification_url`, delivered again with backoff until answered 2xx.
 * It can misbehave as the real one may: duplicate and concurrent deliveries,
 * reads of an earlier state (out of order), a wrong amount or currency, a
 * forged or stale signature, 5xx on reads; and refund, cancel or charge back.
 * Tests drive it in-process; `npm start` and a person reach the same switches
 * at `POST /__standin/*`, and a payment with every delivery of its
 * notification and the answer it got at `GET /__standin/payments/<id>`.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { signNotification } from '../../supabase/functions/_shared/mercadopago-signature.ts';
import { formatPesos } from '../../supabase/functions/_shared/rules.ts';

export interface Misbehaviour {
  /** Each notification is delivered this many extra times, one after another. */
  readonly duplicates: number;
  /** Each notification is delivered this many times at once. */
  readonly concurrent: number;
  /** Signed with a secret that is not the webhook's. */
  readonly forgeSignature: boolean;
  /** Signed with a ts an hour old. */
  readonly staleSignature: boolean;
  /** Added to what a new payment says it received. */
  readonly wrongAmount: number;
  /** The currency a new payment says it came in; null: the preference's. */
  readonly wrongCurrency: string | null;
  /** The next this many reads of a payment answer 500. */
  readonly failReads: number;
  /** The next this many reads of a payment answer its previous state (an out-of-order read). */
  readonly staleReads: number;
}

const WELL_BEHAVED: Misbehaviour = {
  duplicates: 0,
  concurrent: 1,
  forgeSignature: false,
  staleSignature: false,
  wrongAmount: 0,
  wrongCurrency: null,
  failReads: 0,
  staleReads: 0,
};

export interface StandInPreference {
  readonly id: string;
  readonly title: string;
  readonly amount: number;
  readonly currency: string;
  readonly externalReference: string;
  readonly notificationUrl: string;
  readonly backUrl: string;
  readonly body: Record<string, unknown>;
}

/** A payment as GET /v1/payments/{id} answers it. */
export interface StandInPayment {
  readonly id: number;
  readonly status: string;
  readonly status_detail: string;
  readonly currency_id: string;
  readonly transaction_amount: number;
  readonly transaction_amount_refunded: number;
  readonly external_reference: string;
  readonly description: string;
  readonly date_created: string;
  readonly date_approved: string | null;
  readonly date_last_updated: string;
}

export interface Delivery {
  readonly paymentId: number;
  readonly requestId: string;
  /** The answer's status; 0 when nothing answered (the function down). */
  readonly status: number;
  readonly at: number;
}

export interface MercadoPagoStandInOptions {
  /** The token the function must send; a fresh one unless given. */
  readonly accessToken?: string;
  /** The webhook's secret notifications are signed with; a fresh one unless given. */
  readonly webhookSecret?: string;
  /** First wait before a delivery is tried again; doubled each time up to retryMaxMs. */
  readonly retryBaseMs?: number;
  readonly retryMaxMs?: number;
  /** Tries per notification before it gives up (Mercado Pago keeps trying for days). */
  readonly maxAttempts?: number;
  /** 0 picks a free port. */
  readonly port?: number;
  readonly log?: (line: string) => void;
}

export interface MercadoPagoStandIn {
  /** The API's base (MERCADOPAGO_API_URL); the checkout pages are here too. */
  readonly url: string;
  readonly accessToken: string;
  readonly webhookSecret: string;
  readonly preferences: readonly StandInPreference[];
  readonly deliveries: readonly Delivery[];
  /** Switches stay until changed; `reset` puts them all back. */
  misbehave(switches: Partial<Misbehaviour>): void;
  reset(): void;
  /** What the checkout page's buttons do: 'Pagar' (approved) or 'Rechazar' (rejected). */
  pay(preferenceId: string, outcome: 'approved' | 'rejected'): StandInPayment;
  /** A full refund (status refunded) or, with an amount below the payment's, a partial one (still approved). */
  refund(paymentId: number, amount?: number): StandInPayment;
  /** A later state Mercado Pago reports: cancelled, charged_back… */
  setStatus(paymentId: number, status: string): StandInPayment;
  payment(paymentId: number): StandInPayment | undefined;
  /** Delivers a payment's notification again now (as Mercado Pago's "resend"). */
  notify(paymentId: number): void;
  /** Settles when no notification waits to be delivered. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

interface Stored {
  readonly preference: StandInPreference;
  /** Every state, oldest first: a stale read answers the one before the last. */
  readonly states: StandInPayment[];
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(body));
};

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 64 * 1024) throw new Error('too large');
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text === '') return {};
  if (req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text));
  const value: unknown = JSON.parse(text);
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** A JSON field as text: a string as it is, anything else empty. */
const textOf = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The checkout page: what is paid, and the two buttons. Spanish, named controls, 44px targets, AA contrast. */
function checkoutPage(preference: StandInPreference): string {
  return `<!doctype html>
<html lang="es-CL"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pagar con Mercado Pago (simulado)</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;background:#fff;color:#1a1a1a;margin:0;padding:24px;max-width:480px}
h1{font-size:1.4rem}.amount{font-size:2rem;font-weight:700}
button{min-height:48px;min-width:44px;padding:0 24px;font-size:1rem;border-radius:8px;margin:8px 8px 0 0;cursor:pointer}
.pay{background:#00507a;color:#fff;border:0}.reject{background:#fff;color:#1a1a1a;border:2px solid #1a1a1a}
button:focus-visible{outline:3px solid #b35c00;outline-offset:2px}
</style></head>
<body><main>
<h1>Mercado Pago (simulado)</h1>
<p>Ningún dinero se mueve: este pago es una prueba local.</p>
<p>${escapeHtml(preference.title)}</p>
<p class="amount" aria-label="Monto">${formatPesos(preference.amount)}</p>
<form method="post" action="/checkout/v1/pay">
<input type="hidden" name="pref_id" value="${escapeHtml(preference.id)}">
<button class="pay" type="submit" name="outcome" value="approved">Pagar</button>
<button class="reject" type="submit" name="outcome" value="rejected">Rechazar</button>
</form>
</main></body></html>`;
}

export async function startMercadoPagoStandIn(options: MercadoPagoStandInOptions = {}): Promise<MercadoPagoStandIn> {
  const accessToken = options.accessToken ?? `APP_USR-standin-${randomUUID()}`;
  const webhookSecret = options.webhookSecret ?? randomUUID().replace(/-/g, '');
  const retryBaseMs = options.retryBaseMs ?? 1000;
  const retryMaxMs = options.retryMaxMs ?? 60_000;
  const maxAttempts = options.maxAttempts ?? 20;
  const log = options.log ?? (() => undefined);
  const preferences = new Map<string, StandInPreference>();
  const payments = new Map<number, Stored>();
  const deliveries: Delivery[] = [];
  const pending = new Set<Promise<void>>();
  let switches: Misbehaviour = WELL_BEHAVED;
  let nextPaymentId = 1_000_000_000 + Math.floor(Math.random() * 1_000_000) * 100;
  let lastStamp = 0;
  let closing = false;
  const stopping = new AbortController();
  // Each state later than the one before, as date_last_updated is.
  const stamp = () => {
    lastStamp = Math.max(Date.now(), lastStamp + 1);
    return new Date(lastStamp).toISOString();
  };

  const current = (id: number) => payments.get(id)?.states.at(-1);

  const change = (id: number, next: (payment: StandInPayment) => Partial<StandInPayment>): StandInPayment => {
    const stored = payments.get(id);
    const payment = stored?.states.at(-1);
    if (!stored || !payment) throw new Error(`no payment ${id}`);
    const changed: StandInPayment = { ...payment, ...next(payment), date_last_updated: stamp() };
    stored.states.push(changed);
    notify(id);
    return changed;
  };

  async function deliverOnce(stored: Stored, id: number): Promise<number> {
    const requestId = randomUUID();
    const ts = String(switches.staleSignature ? Date.now() - 3_600_000 : Date.now());
    const secret = switches.forgeSignature ? `${webhookSecret}-forged` : webhookSecret;
    const url = new URL(stored.preference.notificationUrl);
    url.searchParams.set('data.id', String(id));
    url.searchParams.set('type', 'payment');
    let status = 0;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'x-request-id': requestId, 'x-signature': await signNotification(secret, String(id), requestId, ts) },
        body: JSON.stringify({
          action: stored.states.length > 1 ? 'payment.updated' : 'payment.created',
          api_version: 'v1',
          data: { id: String(id) },
          date_created: new Date().toISOString(),
          id: Math.floor(Math.random() * 1e12),
          live_mode: false,
          type: 'payment',
          user_id: '1',
        }),
        signal: AbortSignal.timeout(22_000),
      });
      await response.arrayBuffer().catch(() => undefined);
      status = response.status;
    } catch {
      status = 0;
    }
    deliveries.push({ paymentId: id, requestId, status, at: Date.now() });
    return status;
  }

  /** One notification, its copies (duplicates, concurrent), each tried again with backoff until 2xx. */
  async function deliver(id: number): Promise<void> {
    const stored = payments.get(id);
    if (!stored) return;
    const copy = async () => {
      for (let attempt = 0; attempt < maxAttempts && !closing; attempt += 1) {
        const status = await deliverOnce(stored, id);
        if (status >= 200 && status < 300) return;
        log(`Mercado Pago (simulado): la notificación del pago ${id} recibió ${status || 'ninguna respuesta'}; se reintenta.`);
        await delay(Math.min(retryMaxMs, retryBaseMs * 2 ** attempt), undefined, { signal: stopping.signal }).catch(() => undefined);
      }
    };
    const copies = Math.max(1, switches.concurrent);
    await Promise.all(Array.from({ length: copies }, copy));
    for (let extra = 0; extra < switches.duplicates && !closing; extra += 1) await copy();
  }

  function notify(id: number): void {
    const running = deliver(id).catch((error: unknown) => log(String(error)));
    pending.add(running);
    void running.finally(() => pending.delete(running));
  }

  function pay(preferenceId: string, outcome: 'approved' | 'rejected'): StandInPayment {
    const preference = preferences.get(preferenceId);
    if (!preference) throw new Error(`no preference ${preferenceId}`);
    const id = nextPaymentId;
    nextPaymentId += 1;
    const at = stamp();
    const payment: StandInPayment = {
      id,
      status: outcome,
      status_detail: outcome === 'approved' ? 'accredited' : 'cc_rejected_other_reason',
      currency_id: switches.wrongCurrency ?? preference.currency,
      transaction_amount: preference.amount + switches.wrongAmount,
      transaction_amount_refunded: 0,
      external_reference: preference.externalReference,
      description: preference.title,
      date_created: at,
      date_approved: outcome === 'approved' ? at : null,
      date_last_updated: at,
    };
    payments.set(id, { preference, states: [payment] });
    notify(id);
    return payment;
  }

  function refund(id: number, amount?: number): StandInPayment {
    return change(id, (payment) => {
      const refunded = Math.min(payment.transaction_amount, payment.transaction_amount_refunded + (amount ?? payment.transaction_amount));
      const full = refunded >= payment.transaction_amount;
      return { transaction_amount_refunded: refunded, status: full ? 'refunded' : payment.status, status_detail: full ? 'refunded' : 'partially_refunded' };
    });
  }

  const setStatus = (id: number, status: string) => change(id, () => ({ status, status_detail: status }));

  function readPayment(id: number): StandInPayment | undefined {
    const stored = payments.get(id);
    if (!stored) return undefined;
    if (switches.staleReads > 0 && stored.states.length > 1) {
      switches = { ...switches, staleReads: switches.staleReads - 1 };
      return stored.states.at(-2);
    }
    return stored.states.at(-1);
  }

  async function api(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    if (req.headers.authorization !== `Bearer ${accessToken}`) {
      json(res, 401, { message: 'invalid access token', error: 'unauthorized', status: 401 });
      return;
    }
    if (req.method === 'POST' && url.pathname === '/checkout/preferences') {
      const body = await readJson(req);
      const items = Array.isArray(body.items) ? (body.items as Record<string, unknown>[]) : [];
      const [item] = items;
      const backUrls = (body.back_urls ?? {}) as Record<string, unknown>;
      const amount = item?.unit_price;
      if (items.length !== 1 || typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0 || item?.quantity !== 1) {
        json(res, 400, { message: 'invalid items', error: 'bad_request', status: 400 });
        return;
      }
      const id = `standin-${randomUUID()}`;
      const preference: StandInPreference = {
        id,
        title: textOf(item.title),
        amount,
        currency: textOf(item.currency_id, 'CLP'),
        externalReference: textOf(body.external_reference),
        notificationUrl: textOf(body.notification_url),
        backUrl: textOf(backUrls.success),
        body,
      };
      preferences.set(id, preference);
      const initPoint = `${base()}/checkout/v1/redirect?pref_id=${encodeURIComponent(id)}`;
      json(res, 201, { id, init_point: initPoint, sandbox_init_point: initPoint, external_reference: preference.externalReference });
      return;
    }
    const match = /^\/v1\/payments\/(\d+)$/.exec(url.pathname);
    if (req.method === 'GET' && match) {
      if (switches.failReads > 0) {
        switches = { ...switches, failReads: switches.failReads - 1 };
        json(res, 500, { message: 'internal_error', status: 500 });
        return;
      }
      const payment = readPayment(Number(match[1]));
      if (payment) json(res, 200, payment);
      else json(res, 404, { message: 'Payment not found', error: 'not_found', status: 404 });
      return;
    }
    json(res, 404, { message: 'resource not found', status: 404 });
  }

  /** The checkout pages a person sees, and the switches `npm start` leaves open to them. */
  async function pages(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    if (req.method === 'GET' && url.pathname === '/checkout/v1/redirect') {
      const preference = preferences.get(url.searchParams.get('pref_id') ?? '');
      res.writeHead(preference ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(preference ? checkoutPage(preference) : '<!doctype html><html lang="es-CL"><title>No encontrado</title><p>Este pago no existe.</p></html>');
      return true;
    }
    if (req.method === 'POST' && url.pathname === '/checkout/v1/pay') {
      const body = await readJson(req);
      const preference = preferences.get(textOf(body.pref_id));
      if (!preference || (body.outcome !== 'approved' && body.outcome !== 'rejected')) {
        json(res, 400, { message: 'invalid checkout' });
        return true;
      }
      const payment = pay(preference.id, body.outcome);
      const back = new URL(preference.backUrl);
      for (const [key, value] of Object.entries({
        collection_status: payment.status,
        status: payment.status,
        payment_id: String(payment.id),
        external_reference: preference.externalReference,
        preference_id: preference.id,
      })) {
        back.searchParams.set(key, value);
      }
      res.writeHead(303, { Location: back.toString() });
      res.end();
      return true;
    }
    const watched = /^\/__standin\/payments\/(\d+)$/.exec(url.pathname);
    if (req.method === 'GET' && watched) {
      // What Mercado Pago's panel shows of a payment's webhook: each delivery and the answer it got.
      const id = Number(watched[1]);
      const payment = current(id);
      if (payment) json(res, 200, { payment, deliveries: deliveries.filter((delivery) => delivery.paymentId === id) });
      else json(res, 404, { message: 'Payment not found' });
      return true;
    }
    const control = /^\/__standin\/(misbehave|reset|payments\/(\d+)\/(refund|cancel|charge_back|notify))$/.exec(url.pathname);
    if (req.method === 'POST' && control) {
      const body = await readJson(req);
      const [, what, id, act] = control;
      if (what === 'misbehave') misbehave(body);
      else if (what === 'reset') switches = WELL_BEHAVED;
      else if (!current(Number(id))) json(res, 404, { message: 'Payment not found' });
      if (res.headersSent) return true;
      if (act === 'refund') refund(Number(id), typeof body.amount === 'number' ? body.amount : undefined);
      if (act === 'cancel') setStatus(Number(id), 'cancelled');
      if (act === 'charge_back') setStatus(Number(id), 'charged_back');
      if (act === 'notify') notify(Number(id));
      json(res, 200, { ok: true, ...(id ? { payment: current(Number(id)) } : { switches }) });
      return true;
    }
    return false;
  }

  function misbehave(next: Partial<Misbehaviour>): void {
    const known = Object.fromEntries(Object.entries(next).filter(([key]) => key in WELL_BEHAVED));
    switches = { ...switches, ...known };
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    pages(req, res, url)
      .then((handled) => (handled ? undefined : api(req, res, url)))
      .catch(() => {
        if (!res.headersSent) json(res, 400, { message: 'bad request', status: 400 });
        else res.end();
      });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const base = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base(),
    accessToken,
    webhookSecret,
    get preferences() {
      return [...preferences.values()];
    },
    deliveries,
    misbehave,
    reset: () => {
      switches = WELL_BEHAVED;
    },
    pay,
    refund,
    setStatus,
    payment: current,
    notify,
    settled: async () => {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    close: async () => {
      closing = true;
      stopping.abort();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
