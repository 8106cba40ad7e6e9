/** What every part of the `payments` function works with, and its JSON answers. */
import type { Database, DatabaseAnswer } from '../_shared/database.ts';
import { PAYMENT_ERRORS } from '../_shared/payment-errors.ts';
import { jsonError, jsonHeaders } from '../_shared/responses.ts';
import type { MercadoPago } from './mercadopago.ts';
import type { PaymentsSettings } from './settings.ts';

export interface Context {
  readonly settings: PaymentsSettings;
  readonly database: Database | null;
  readonly mercadoPago: MercadoPago | null;
  readonly now: () => number;
  /** One line in the function's log, secrets taken out. A line the operator must see (npm start shows it) says `error:`. */
  readonly log: (line: string) => void;
}

export type Cors = Record<string, string>;

export const json = (body: unknown, cors: Cors, status = 200) => new Response(JSON.stringify(body), { status, headers: jsonHeaders(cors) });

export function databaseFailure(context: Context, answer: Extract<DatabaseAnswer, { ok: false }>, cors: Cors): Response {
  context.log(`database: ${answer.reason}`);
  return jsonError({ status: 503, error: PAYMENT_ERRORS.database }, cors);
}

/** A SQL function's JSON answer, as the caller knows its shape. */
export const parsed = (answer: Extract<DatabaseAnswer, { ok: true }>): unknown => JSON.parse(answer.text);
