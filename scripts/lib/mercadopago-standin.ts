/**
 * A local stand-in for the subset of Mercado Pago's API the `payments`
 * function speaks, so the whole flow runs on this machine with no money
 * moving: `POST /checkout/preferences` (a Checkout Pro preference, its
 * `init_point` a checkout page here with 'Pagar' and 'Rechazar', payable until
 * its `expiration_date_to` when `expires`), `PUT /checkout/preferences/{id}`
 * (its expiry changed), `GET /v1/payments/{id}` (with its `refunds`),
 * `GET /v1/payments/search?external_reference=…` (`{ paging, results }`),
 * `POST /v1/payments/{id}/refunds` (`{ amount }`, its `X-Idempotency-Key`
 * required: the same key answers the same refund), and signed notifications
 * (`x-signature`, `x-request-id`, `?data.id=…&type=payment`) to the
 * preference's `notification_url`, delivered again with backoff until answered
 * 2xx. It can misbehave as the real one may: notifications dropped,
 * duplicated or concurrent, reads of an earlier state (out of order, as a
 * refund's read-back that does not show it yet), a wrong amount or currency, a
 * forged or stale signature, 5xx on reads, refunds refused, the guest's
 * return lost; and refund, cancel or charge back from its panel.
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
  /** No notification is delivered at all (nor recorded as delivered): the function must read payments back on its own. */
  readonly dropNotifications: boolean;
  /** The next this many refunds are refused, as Mercado Pago refuses one the payment's state does not allow (400, cause 2063). */
  readonly refuseRefunds: number;
  /** After 'Pagar' or 'Rechazar' the guest is not sent back to the app (closed the tab, lost the signal): no back URL is opened. */
  readonly loseReturn: boolean;
  /** The next this many changes of a preference (its expiry) answer 500: an earlier checkout stays payable. */
  readonly failPreferenceUpdates: number;
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
  dropNotifications: false,
  refuseRefunds: 0,
  loseReturn: false,
  failPreferenceUpdates: 0,
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
  /** Until when it can be paid (ms since the epoch); null: for ever. */
  readonly expiresAt: number | null;
}

/** A refund as Mercado Pago lists it on its payment and answers its creation. */
export interface StandInRefund {
  readonly id: number;
  readonly payment_id: number;
  readonly amount: number;
  readonly status: 'approved';
  readonly date_created: string;
  readonly source: { readonly id: string; readonly name: string; readonly type: 'collector' };
  readonly unique_sequence_number: null;
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
  readonly refunds: readonly StandInRefund[];
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
  /** What the checkout page's buttons do: 'Pagar' (approved), 'Rechazar' (rejected), or a payment left in process. Throws for an expired preference. */
  pay(preferenceId: string, outcome: 'approved' | 'rejected' | 'in_process'): StandInPayment;
  /** Whether the preference can still be paid now. */
  payable(preferenceId: string): boolean;
  /** A full refund (status refunded) or, with an amount below the payment's, a partial one (still approved), as from the seller's panel. */
  refund(paymentId: number, amount?: number): StandInPayment;
  /** Every refund made, through the API or the panel, oldest first. */
  readonly refunds: readonly StandInRefund[];
  /** A later state Mercado Pago reports: cancelled, charged_back, approved after in_process… */
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

/** What the checkout shows for a preference that can no longer be paid, as Mercado Pago's does. */
const EXPIRED_PAGE =
  '<!doctype html><html lang="es-CL"><meta charset="utf-8"><title>Pago vencido</title><main><h1>Este pago venció</h1><p>Vuelve a la app y toca «Ir a pagar» de nuevo.</p></main></html>';

/** What the checkout shows when the guest does not go back to the app: the payment's number, as Mercado Pago's receipt. */
const donePage = (paymentId: number) =>
  `<!doctype html><html lang="es-CL"><meta charset="utf-8"><title>Listo</title><main><h1>Listo</h1><p>Operación <span class="payment-id">${paymentId}</span>. Ya puedes cerrar esta pestaña.</p></main></html>`;

/** A date as Mercado Pago writes them, or null: ISO 8601. */
const dateOf = (value: unknown): number | null => (typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? Date.parse(value) : null);

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
  const refunds: StandInRefund[] = [];
  /** A refund's X-Idempotency-Key → the refund it made: asked again, the same one. */
  const refundsByKey = new Map<string, StandInRefund>();
  let nextRefundId = 2_000_000_000 + Math.floor(Math.random() * 1_000_000) * 100;
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
    if (switches.dropNotifications) return;
    const running = deliver(id).catch((error: unknown) => log(String(error)));
    pending.add(running);
    void running.finally(() => pending.delete(running));
  }

  const payable = (preferenceId: string): boolean => {
    const preference = preferences.get(preferenceId);
    return preference !== undefined && (preference.expiresAt === null || Date.now() <= preference.expiresAt);
  };

  function pay(preferenceId: string, outcome: 'approved' | 'rejected' | 'in_process'): StandInPayment {
    const preference = preferences.get(preferenceId);
    if (!preference) throw new Error(`no preference ${preferenceId}`);
    if (!payable(preferenceId)) throw new Error(`preference ${preferenceId} expired`);
    const id = nextPaymentId;
    nextPaymentId += 1;
    const at = stamp();
    const payment: StandInPayment = {
      id,
      status: outcome,
      status_detail: { approved: 'accredited', rejected: 'cc_rejected_other_reason', in_process: 'pending_contingency' }[outcome],
      currency_id: switches.wrongCurrency ?? preference.currency,
      transaction_amount: preference.amount + switches.wrongAmount,
      transaction_amount_refunded: 0,
      external_reference: preference.externalReference,
      description: preference.title,
      date_created: at,
      date_approved: outcome === 'approved' ? at : null,
      date_last_updated: at,
      refunds: [],
    };
    payments.set(id, { preference, states: [payment] });
    notify(id);
    return payment;
  }

  /** A refund of `amount` (what is left when not given), listed on the payment; its notification follows. */
  function addRefund(id: number, amount?: number): StandInRefund {
    let made: StandInRefund | undefined;
    change(id, (payment) => {
      const given = Math.min(payment.transaction_amount - payment.transaction_amount_refunded, amount ?? payment.transaction_amount);
      const refunded = payment.transaction_amount_refunded + given;
      const full = refunded >= payment.transaction_amount;
      made = {
        id: nextRefundId,
        payment_id: id,
        amount: given,
        status: 'approved',
        date_created: stamp(),
        source: { id: '1', name: 'La Cuenta', type: 'collector' },
        unique_sequence_number: null,
      };
      nextRefundId += 1;
      return {
        transaction_amount_refunded: refunded,
        status: full ? 'refunded' : payment.status,
        status_detail: full ? 'refunded' : 'partially_refunded',
        refunds: [...payment.refunds, made],
      };
    });
    if (!made) throw new Error(`no refund of ${id}`);
    refunds.push(made);
    return made;
  }

  function refund(id: number, amount?: number): StandInPayment {
    addRefund(id, amount);
    const payment = current(id);
    if (!payment) throw new Error(`no payment ${id}`);
    return payment;
  }

  const setStatus = (id: number, status: string) =>
    change(id, (payment) => ({ status, status_detail: status, ...(status === 'approved' && !payment.date_approved ? { date_approved: stamp() } : {}) }));

  /** POST /v1/payments/{id}/refunds, as Mercado Pago answers it. */
  async function refundAsked(req: IncomingMessage, res: ServerResponse, id: number): Promise<void> {
    const key = req.headers['x-idempotency-key'];
    if (typeof key !== 'string' || key === '') {
      json(res, 400, { message: "Header X-Idempotency-Key can't be null", error: 'bad_request', status: 400, cause: [{ code: 4292 }] });
      return;
    }
    const body = await readJson(req);
    const done = refundsByKey.get(key);
    if (done) {
      json(res, 201, done);
      return;
    }
    const payment = current(id);
    if (!payment) {
      json(res, 404, { message: 'Payment not found', error: 'not_found', status: 404, cause: [{ code: 2000 }] });
      return;
    }
    const amount = body.amount === undefined ? undefined : body.amount;
    if (amount !== undefined && (typeof amount !== 'number' || !(amount > 0))) {
      json(res, 400, { message: 'amount attribute must be positive', error: 'bad_request', status: 400, cause: [{ code: 4040 }] });
      return;
    }
    const left = payment.transaction_amount - payment.transaction_amount_refunded;
    if (switches.refuseRefunds > 0 || payment.status !== 'approved' || (amount !== undefined && amount > left)) {
      if (switches.refuseRefunds > 0) switches = { ...switches, refuseRefunds: switches.refuseRefunds - 1 };
      json(res, 400, {
        message: 'The action requested is not valid for the current payment state',
        error: 'bad_request',
        status: 400,
        cause: [{ code: 2063 }],
      });
      return;
    }
    const made = addRefund(id, amount);
    refundsByKey.set(key, made);
    json(res, 201, made);
  }

  /** GET /v1/payments/search, by external_reference, newest first unless asked otherwise. */
  function search(url: URL): { paging: { total: number; limit: number; offset: number }; results: StandInPayment[] } {
    const reference = url.searchParams.get('external_reference');
    const limit = Math.min(Number(url.searchParams.get('limit') ?? 30) || 30, 1000);
    const offset = Number(url.searchParams.get('offset') ?? 0) || 0;
    const found = [...payments.values()]
      .map((stored) => stored.states.at(-1))
      .filter((payment): payment is StandInPayment => payment !== undefined && (reference === null || payment.external_reference === reference))
      .sort((a, b) => Date.parse(a.date_created) - Date.parse(b.date_created) || a.id - b.id);
    if (url.searchParams.get('criteria') !== 'asc') found.reverse();
    return { paging: { total: found.length, limit, offset }, results: found.slice(offset, offset + limit) };
  }

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
        expiresAt: body.expires === true ? dateOf(body.expiration_date_to) : null,
      };
      preferences.set(id, preference);
      const initPoint = `${base()}/checkout/v1/redirect?pref_id=${encodeURIComponent(id)}`;
      json(res, 201, { id, init_point: initPoint, sandbox_init_point: initPoint, external_reference: preference.externalReference });
      return;
    }
    const preferenceMatch = /^\/checkout\/preferences\/([^/]+)$/.exec(url.pathname);
    const known = preferenceMatch ? preferences.get(decodeURIComponent(preferenceMatch[1] ?? '')) : undefined;
    if (req.method === 'PUT' && preferenceMatch) {
      const body = await readJson(req);
      if (switches.failPreferenceUpdates > 0) {
        switches = { ...switches, failPreferenceUpdates: switches.failPreferenceUpdates - 1 };
        json(res, 500, { message: 'internal_error', status: 500 });
      } else if (!known) json(res, 404, { message: 'preference not found', error: 'not_found', status: 404 });
      else {
        const changed: StandInPreference = { ...known, expiresAt: body.expires === false ? null : (dateOf(body.expiration_date_to) ?? known.expiresAt) };
        preferences.set(known.id, changed);
        json(res, 200, {
          id: known.id,
          init_point: `${base()}/checkout/v1/redirect?pref_id=${encodeURIComponent(known.id)}`,
          expires: changed.expiresAt !== null,
        });
      }
      return;
    }
    if (req.method === 'GET' && url.pathname === '/v1/payments/search') {
      json(res, 200, search(url));
      return;
    }
    const refundMatch = /^\/v1\/payments\/(\d+)\/refunds$/.exec(url.pathname);
    if (req.method === 'POST' && refundMatch) {
      await refundAsked(req, res, Number(refundMatch[1]));
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
      const expired = preference !== undefined && !payable(preference.id);
      res.writeHead(preference && !expired ? 200 : expired ? 410 : 404, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
      if (expired) res.end(EXPIRED_PAGE);
      else res.end(preference ? checkoutPage(preference) : '<!doctype html><html lang="es-CL"><title>No encontrado</title><p>Este pago no existe.</p></html>');
      return true;
    }
    if (req.method === 'POST' && url.pathname === '/checkout/v1/pay') {
      const body = await readJson(req);
      const preference = preferences.get(textOf(body.pref_id));
      if (!preference || (body.outcome !== 'approved' && body.outcome !== 'rejected')) {
        json(res, 400, { message: 'invalid checkout' });
        return true;
      }
      if (!payable(preference.id)) {
        res.writeHead(410, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
        res.end(EXPIRED_PAGE);
        return true;
      }
      const payment = pay(preference.id, body.outcome);
      if (switches.loseReturn) {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
        res.end(donePage(payment.id));
        return true;
      }
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
    const control = /^\/__standin\/(misbehave|reset|payments\/(\d+)\/(refund|cancel|charge_back|notify|approve|reject))$/.exec(url.pathname);
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
      if (act === 'approve') setStatus(Number(id), 'approved');
      if (act === 'reject') setStatus(Number(id), 'rejected');
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
    payable,
    refund,
    refunds,
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
