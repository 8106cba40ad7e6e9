/**
 * The subset of Mercado Pago's API the function speaks: create a Checkout Pro
 * preference (POST /checkout/preferences) and read a payment back
 * (GET /v1/payments/{id}), with the access token as bearer. Only what the
 * payment read answers counts; the notification only says which to read.
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
}

export type ProviderAnswer<T> =
  | { readonly ok: true; readonly value: T }
  /** retry: Mercado Pago or the way to it failed (network, 5xx, 429); otherwise it refused (4xx) or answered what cannot be read. */
  | { readonly ok: false; readonly retry: boolean; readonly status: number; readonly reason: string };

const preferenceAnswer = z.object({ id: z.string(), init_point: z.url() });

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
});

export type ProviderPayment = z.output<typeof paymentAnswer>;

export interface MercadoPagoOptions {
  readonly apiUrl: string;
  readonly accessToken: string;
  readonly fetch?: typeof fetch;
  readonly timeoutMs?: number;
}

export interface MercadoPago {
  createPreference(ask: PreferenceAsk): Promise<ProviderAnswer<{ readonly id: string; readonly initPoint: string }>>;
  readPayment(id: string): Promise<ProviderAnswer<ProviderPayment>>;
}

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
      };
      const answer = await call(
        '/checkout/preferences',
        { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Idempotency-Key': ask.reference }, body: JSON.stringify(body) },
        preferenceAnswer,
      );
      return answer.ok ? { ok: true, value: { id: answer.value.id, initPoint: answer.value.init_point } } : answer;
    },
    readPayment: (id) => call(`/v1/payments/${encodeURIComponent(id)}`, { method: 'GET' }, paymentAnswer),
  };
}
