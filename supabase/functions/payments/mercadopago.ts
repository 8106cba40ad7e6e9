/**
 * The subset of Mercado Pago's API the function speaks, with the access token
 * as bearer: create a Checkout Pro preference that expires
 * (POST /checkout/preferences) and expire it early when another takes its
 * place (PUT /checkout/preferences/{id}); read a payment back
 * (GET /v1/payments/{id}) or search a checkout's payments by its
 * external_reference (GET /v1/payments/search); refund part of a payment
 * (POST /v1/payments/{id}/refunds, with an X-Idempotency-Key). Only what a read
 * answers counts; a notification only says which payment to read.
 */
import { z } from 'zod';

export interface PreferenceAsk {
  /** The attempt's id: the preference's external_reference and its idempotency key. */
  readonly reference: string;
  readonly title: string;
  /** Whole pesos. */
  readonly amount: number;
  readonly notificationUrl: string;
  /** The guest's party link. */
  readonly backUrl: string;
  /** Until when it can be paid (Mercado Pago refuses a payment after). */
  readonly expiresAt: Date;
}

export type ProviderAnswer<T> =
  | { readonly ok: true; readonly value: T }
  /** retry: Mercado Pago or the way to it failed (network, 5xx, 429); otherwise it refused (4xx) or answered what cannot be read. */
  | { readonly ok: false; readonly retry: boolean; readonly status: number; readonly reason: string };

const preferenceAnswer = z.object({ id: z.string(), init_point: z.url() });

const refundRead = z.object({ id: z.union([z.number(), z.string()]), amount: z.number().nonnegative(), status: z.string().nullish() });

const paymentAnswer = z.object({
  id: z.union([z.number(), z.string()]),
  status: z.string().min(1).max(40),
  currency_id: z.string(),
  transaction_amount: z.number().nonnegative(),
  transaction_amount_refunded: z.number().nonnegative().nullish(),
  external_reference: z.string().nullish(),
  date_approved: z.string().nullish(),
  date_last_updated: z.string().nullish(),
  date_created: z.string().nullish(),
  /** Each refund of it, as Mercado Pago lists them on the payment. */
  refunds: z.array(refundRead).nullish(),
});

export type ProviderPayment = z.output<typeof paymentAnswer>;

const searchAnswer = z.object({ results: z.array(paymentAnswer) });

/** A refund as Mercado Pago answers its creation. */
const refundAnswer = z.object({
  id: z.union([z.number(), z.string()]),
  payment_id: z.union([z.number(), z.string()]).nullish(),
  amount: z.number().nonnegative(),
  status: z.string(),
});

export type ProviderRefund = z.output<typeof refundAnswer>;

export interface MercadoPagoOptions {
  readonly apiUrl: string;
  readonly accessToken: string;
  readonly fetch?: typeof fetch;
  readonly timeoutMs?: number;
}

export interface MercadoPago {
  createPreference(ask: PreferenceAsk): Promise<ProviderAnswer<{ readonly id: string; readonly initPoint: string }>>;
  /** The preference can no longer be paid (a newer checkout took its place, or it was paid). */
  expirePreference(id: string, now: Date): Promise<ProviderAnswer<unknown>>;
  readPayment(id: string): Promise<ProviderAnswer<ProviderPayment>>;
  /** Every payment of a checkout, newest first, by its external_reference. */
  searchPayments(reference: string): Promise<ProviderAnswer<readonly ProviderPayment[]>>;
  /** A refund of `amount` pesos of the payment; the same `key` asks for the same refund again, never a second one. */
  refund(paymentId: string, amount: number, key: string): Promise<ProviderAnswer<ProviderRefund>>;
}

/** Mercado Pago's dates, as it writes them (ISO 8601 with milliseconds and the offset). */
const isoDate = (date: Date) => date.toISOString().replace('Z', '+00:00');

export function createMercadoPago(options: MercadoPagoOptions): MercadoPago {
  const send = options.fetch ?? globalThis.fetch.bind(globalThis);
  const timeoutMs = options.timeoutMs ?? 8_000;
  async function call<T>(path: string, init: RequestInit, schema: z.ZodType<T>): Promise<ProviderAnswer<T>> {
    try {
      const response = await send(`${options.apiUrl}${path}`, {
        ...init,
        headers: { ...(init.headers as Record<string, string> | undefined), Authorization: `Bearer ${options.accessToken}`, Accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await response.text();
      if (!response.ok) {
        const retry = response.status >= 500 || response.status === 429;
        return { ok: false, retry, status: response.status, reason: `${path} answered ${response.status}: ${text.slice(0, 200).replace(/\s+/g, ' ')}` };
      }
      const parsed = schema.safeParse(JSON.parse(text));
      if (parsed.success) return { ok: true, value: parsed.data };
      return { ok: false, retry: false, status: response.status, reason: `${path} answered what cannot be read: ${parsed.error.issues[0]?.message ?? ''}` };
    } catch (error) {
      return { ok: false, retry: true, status: 0, reason: `${path} unreachable: ${error instanceof Error ? error.name : String(error)}` };
    }
  }
  return {
    async createPreference(ask) {
      const body = {
        items: [{ id: ask.reference, title: ask.title, quantity: 1, unit_price: ask.amount, currency_id: 'CLP' }],
        external_reference: ask.reference,
        notification_url: ask.notificationUrl,
        back_urls: { success: ask.backUrl, pending: ask.backUrl, failure: ask.backUrl },
        auto_return: 'approved',
        expires: true,
        expiration_date_to: isoDate(ask.expiresAt),
      };
      const answer = await call(
        '/checkout/preferences',
        { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Idempotency-Key': ask.reference }, body: JSON.stringify(body) },
        preferenceAnswer,
      );
      return answer.ok ? { ok: true, value: { id: answer.value.id, initPoint: answer.value.init_point } } : answer;
    },
    expirePreference: (id, now) =>
      call(
        `/checkout/preferences/${encodeURIComponent(id)}`,
        { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ expires: true, expiration_date_to: isoDate(now) }) },
        z.unknown(),
      ),
    readPayment: (id) => call(`/v1/payments/${encodeURIComponent(id)}`, { method: 'GET' }, paymentAnswer),
    async searchPayments(reference) {
      const query = new URLSearchParams({ external_reference: reference, sort: 'date_created', criteria: 'desc', limit: '30' });
      const answer = await call(`/v1/payments/search?${query.toString()}`, { method: 'GET' }, searchAnswer);
      return answer.ok ? { ok: true, value: answer.value.results } : answer;
    },
    refund: (paymentId, amount, key) =>
      call(
        `/v1/payments/${encodeURIComponent(paymentId)}/refunds`,
        { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Idempotency-Key': key }, body: JSON.stringify({ amount }) },
        refundAnswer,
      ),
  };
}
