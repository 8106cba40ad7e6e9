/**
 * What the pay block offers (issue 42), one rule for the tab: nothing when
 * nothing is owed (the guest sees their payments), Mercado Pago's checkout of
 * what is owed less what it is still processing, the party's (or the build's)
 * payment page, and never a page nobody owns: with no way known yet the tab
 * says it is asking, with none at all it says so.
 */
import { clockTime, type PaymentLine } from '../party/index.ts';
import { formatPesos } from '../../supabase/functions/_shared/rules.ts';

/** The tab's words about paying (exact: the texts). */
export const PAY_TEXTS = {
  rejected: 'Mercado Pago rechazó el pago: no se cobró nada.',
  inProcess: 'Tu pago está en proceso.',
  asking: 'Buscando cómo se paga en esta fiesta…',
  noWay: 'Aún no hay cómo pagar desde la app: pregúntale a quien organiza.',
} as const;

export type PayOffer =
  | { readonly kind: 'nothing-owed' }
  /** Mercado Pago is processing all that is owed: no second checkout. */
  | { readonly kind: 'in-process' }
  | { readonly kind: 'mercadopago'; readonly amount: number }
  | { readonly kind: 'page'; readonly url: string }
  /** The party's ways are not heard yet, with signal: in a moment. */
  | { readonly kind: 'asking' }
  | { readonly kind: 'no-signal' }
  | { readonly kind: 'no-way' };

export interface PayTerms {
  /** The phone heard the party's ways (now, or kept from before). */
  readonly heard: boolean;
  /** The app has a server to ask (a build with none keeps the tab on the phone). */
  readonly backend: boolean;
  readonly online: boolean;
  readonly mercadoPago: boolean;
  /** The party's own payment page, else the build's; null: none. */
  readonly paymentUrl: string | null;
  /** What is owed with tip, less what is paid. */
  readonly owed: number;
  /** What Mercado Pago is still processing. */
  readonly pending: number;
}

export function payOffer(terms: PayTerms): PayOffer {
  if (terms.owed <= 0) return { kind: 'nothing-owed' };
  if (!terms.heard && terms.backend) return terms.online ? { kind: 'asking' } : { kind: 'no-signal' };
  if (terms.mercadoPago) return terms.owed - terms.pending <= 0 ? { kind: 'in-process' } : { kind: 'mercadopago', amount: terms.owed - terms.pending };
  if (terms.paymentUrl) return { kind: 'page', url: terms.paymentUrl };
  return { kind: 'no-way' };
}

/** Mercado Pago's newest word on the guest's payments, when it is news for the tab: a refusal while still owing, a payment in process. */
export function paymentNews(lastStatus: string | null, owed: number): string | null {
  if (lastStatus === 'rejected' || lastStatus === 'cancelled') return owed > 0 ? PAY_TEXTS.rejected : null;
  if (lastStatus === 'pending' || lastStatus === 'in_process' || lastStatus === 'authorized') return PAY_TEXTS.inProcess;
  return null;
}

const by = (line: PaymentLine) => (line.method === 'mercadopago' ? 'Mercado Pago' : 'marcado por quien organiza');

/** 'Pagaste $4.840 · 23:15 · Mercado Pago'. */
export const paymentText = (line: PaymentLine): string => `Pagaste ${formatPesos(line.amount)} · ${clockTime(line.at)} · ${by(line)}`;

/** 'Devuelto $8.129 · 23:50 · Mercado Pago'. */
export const refundText = (line: PaymentLine): string => `Devuelto ${formatPesos(line.amount)} · ${clockTime(line.at)} · ${by(line)}`;
