/**
 * 'Pagos' on the host's page (issue 33): which ways the party takes (Mercado
 * Pago where the deployment has it, unless the host turned it off; a bank
 * transfer once 'Datos para transferir' are saved), as the `host` function
 * answers `payment_ways`. Loaded with its section, never with the page. Every
 * figure and switch on screen is the server's answer: until the first one the
 * section says it is loading, never "no".
 */
import { useCallback, useEffect, useState } from 'react';
import type { HostAction } from '../../supabase/functions/_shared/host-request.ts';
import type { TransferDetails } from '../../supabase/functions/_shared/payments-request.ts';
import { normalizeRut } from '../../supabase/functions/_shared/rut.ts';
import { ACCOUNT_TYPES, type AccountType } from '../../supabase/functions/_shared/transfer-details.ts';
import type { HostAnswer } from './api.ts';
import { changeAnswered, showRead, type CopyStatus } from './copies.ts';

export { ACCOUNT_TYPES, type AccountType, type TransferDetails };

export interface PaymentWays {
  /** The party takes Mercado Pago now: the deployment has it and the host has not turned it off. */
  readonly mercadopago: boolean;
  /** The deployment has Mercado Pago configured: only then may the host turn it on or off. */
  readonly mercadopago_available: boolean;
  /** 'Datos para transferir', or null: the party takes no transfers. */
  readonly transfer: TransferDetails | null;
}

type Fields = Readonly<Record<string, unknown>>;
const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';
const isAccountType = (value: unknown): value is AccountType => ACCOUNT_TYPES.some((type) => type === value);

function parseTransfer(value: unknown): TransferDetails | null | undefined {
  if (value === null) return null;
  if (!isObject(value)) return undefined;
  const { holder_name, rut, bank, account_type, account_number, email } = value;
  if (!isText(holder_name) || !isText(rut) || !isText(bank) || !isAccountType(account_type) || !isText(account_number) || !isText(email)) return undefined;
  return { holder_name, rut, bank, account_type, account_number, email };
}

/** The function's answer to payment_ways, set_mercadopago and transfer_details; null when it is not one. */
export function parsePaymentWays(value: unknown): PaymentWays | null {
  if (!isObject(value) || typeof value.mercadopago !== 'boolean' || typeof value.mercadopago_available !== 'boolean') return null;
  const transfer = parseTransfer(value.transfer);
  return transfer === undefined ? null : { mercadopago: value.mercadopago, mercadopago_available: value.mercadopago_available, transfer };
}

/** The form as typed: every field text. */
export type TransferForm = { readonly [Field in keyof TransferDetails]: string };

/**
 * The function's own words for a bad RUT (PAYMENT_ERRORS.badRut, a test holds them equal): imported, they
 * would put payment-errors.ts, which the guest's screens share, in a chunk of its own, one more file for every guest.
 */
export const RUT_PROBLEM = 'El RUT no es válido: revisa el dígito verificador.';

export const EMPTY_TRANSFER_FORM: TransferForm = { holder_name: '', rut: '', bank: '', account_type: '', account_number: '', email: '' };

/**
 * The details to send, or the first problem the page can see before sending:
 * a missing field, an account type not on the list, a RUT whose check digit
 * is wrong (rut.ts, the database's own rule). The rest the function checks,
 * and its refusal is shown as it comes.
 */
export function checkTransferForm(
  form: TransferForm,
): { readonly ok: true; readonly details: TransferDetails } | { readonly ok: false; readonly problem: string } {
  const missing = Object.values(form).some((value) => value.trim() === '');
  if (missing) return { ok: false, problem: 'Completa todos los datos para transferir.' };
  const rut = normalizeRut(form.rut);
  if (rut === null) return { ok: false, problem: RUT_PROBLEM };
  if (!isAccountType(form.account_type)) return { ok: false, problem: 'Elige el tipo de cuenta.' };
  return {
    ok: true,
    details: {
      holder_name: form.holder_name.trim(),
      rut,
      bank: form.bank.trim(),
      account_type: form.account_type,
      account_number: form.account_number.replace(/\s/g, ''),
      email: form.email.trim(),
    },
  };
}

export type WaysStatus = CopyStatus;

export type WaysChange =
  { readonly action: 'set_mercadopago'; readonly on: boolean } | { readonly action: 'transfer_details'; readonly details: TransferDetails | null };

export interface WaysState {
  readonly ways: PaymentWays | null;
  readonly status: WaysStatus;
  /** Resolves to why not (in Spanish), or null once what shows is the server's answer to the change. */
  readonly change: (change: WaysChange) => Promise<string | null>;
}

export const WAYS_MESSAGES = {
  offline: 'Sin señal: no se guardó nada. Intenta de nuevo cuando vuelva la conexión.',
  unknown: 'El servidor no respondió: no se sabe si el cambio se guardó. Revisa lo que se muestra, que se vuelve a leer, antes de intentarlo de nuevo.',
} as const;

/**
 * The party on screen's requests, handed down by its page: the section imports
 * neither the session's hooks nor the function's refusals, which would then
 * leave the host's page's chunk for one of their own, one more file to load.
 */
export interface WaysServer {
  readonly ask: (action: HostAction) => Promise<HostAnswer>;
  /** A refusal as the page shows it (hostReason). */
  readonly reason: (error: string) => string;
}

/** The party's ways: asked each time the section shows, and answered again by every change. */
export function usePaymentWays(server: WaysServer, active: boolean): WaysState {
  const { ask, reason } = server;
  const [ways, setWays] = useState<PaymentWays | null>(null);
  const [status, setStatus] = useState<WaysStatus>('loading');
  const [asked, setAsked] = useState(0);

  useEffect(() => {
    if (!active) return;
    let current = true;
    void ask({ action: 'payment_ways' }).then((answer) => {
      if (current) setStatus(showRead(answer, parsePaymentWays, setWays));
    });
    return () => {
      current = false;
    };
  }, [ask, active, asked]);

  const change = useCallback(
    async (wanted: WaysChange): Promise<string | null> => {
      // With no signal at all the request never leaves: nothing was saved.
      const leftOnline = navigator.onLine;
      const answer = await ask(
        wanted.action === 'set_mercadopago' ? { action: wanted.action, on: wanted.on } : { action: wanted.action, details: wanted.details },
      );
      const show = (read: PaymentWays) => {
        setWays(read);
        setStatus('ready');
      };
      const readAgain = () => setAsked((count) => count + 1);
      return changeAnswered(answer, leftOnline, { parse: parsePaymentWays, show, readAgain }, { ...WAYS_MESSAGES, reason });
    },
    [ask, reason],
  );

  return { ways, status, change };
}
