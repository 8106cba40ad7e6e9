/**
 * 'Pagos' on a party's page (issue 33): loading says so (never "no"), the
 * ways the party takes in one sentence, Mercado Pago on and off only where the
 * deployment has it, 'Datos para transferir' checked (the RUT's check digit)
 * before they are sent, saved, refused with the function's own words, removed.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { HostAnswer, HostCall } from '../../../src/host/api.ts';
import { createHostSession } from '../../../src/host/session.ts';
import { localHostStore } from '../../../src/host/storage.ts';
import { HostPage } from '../../../src/views/host/HostApp.tsx';
import { normalizeRut } from '../../../supabase/functions/_shared/rut.ts';
import { PAYMENT_ERRORS } from '../../../supabase/functions/_shared/payment-errors.ts';
import { checkTransferForm, RUT_PROBLEM } from '../../../src/host/payment-ways.ts';
import { ANA_KEY, fakeParties } from './fake-parties.ts';

interface Ways {
  mercadopago: boolean;
  mercadopago_available: boolean;
  transfer: Record<string, string> | null;
}

/** Ana's party on 'Pagos', the function's payment actions over the fake parties; `hold` keeps payment_ways unanswered. */
async function anasPayments(options: { available?: boolean; hold?: Promise<void> } = {}) {
  const fake = fakeParties();
  const available = options.available ?? true;
  const stored = { mercadopago: true, transfer: null as Ways['transfer'] };
  const server = { refuse: null as HostAnswer | null, signal: true };
  const ways = (): Ways => ({ mercadopago: available && stored.mercadopago, mercadopago_available: available, transfer: stored.transfer });
  const calls: HostCall[] = [];
  const ask = async (key: string, action: HostCall): Promise<HostAnswer> => {
    calls.push(action);
    if (!server.signal && action.action !== 'party') return { kind: 'offline' };
    switch (action.action) {
      case 'payment_ways':
        if (options.hold) await options.hold;
        return { kind: 'ok', json: ways() };
      case 'set_mercadopago':
        stored.mercadopago = action.on;
        return { kind: 'ok', json: ways() };
      case 'transfer_details':
        if (server.refuse) return server.refuse;
        stored.transfer = action.details && { ...action.details };
        return { kind: 'ok', json: ways() };
      default:
        return fake.ask(key, action);
    }
  };
  const user = userEvent.setup();
  render(<HostPage session={createHostSession({ ask, store: localHostStore })} />);
  await user.type(screen.getByPlaceholderText('Clave para organizar'), ANA_KEY);
  await user.click(screen.getByRole('button', { name: 'Entrar' }));
  await screen.findByRole('heading', { name: 'Cumpleaños de Ana' });
  await user.click(screen.getByRole('tab', { name: 'Pagos' }));
  return { user, calls, stored, server };
}

const ways = () => within(screen.getByRole('region', { name: 'Formas de pago' }));
const transfer = () => within(screen.getByRole('region', { name: 'Datos para transferir' }));

async function fillTransfer(user: ReturnType<typeof userEvent.setup>, rut: string) {
  const form = transfer();
  await user.type(form.getByRole('textbox', { name: 'Nombre del titular' }), 'Ana Pérez');
  await user.type(form.getByRole('textbox', { name: 'RUT' }), rut);
  await user.type(form.getByRole('textbox', { name: 'Banco' }), 'Banco Estado');
  await user.selectOptions(form.getByRole('combobox', { name: 'Tipo de cuenta' }), 'Cuenta RUT');
  await user.type(form.getByRole('textbox', { name: 'Número de cuenta' }), '12345678');
  await user.type(form.getByRole('textbox', { name: 'Correo' }), 'ana@example.cl');
}

describe('Pagos, a party’s ways of being paid', () => {
  it('says it is loading until the server answers, never that the party takes nothing', async () => {
    let answer: () => void = () => undefined;
    const hold = new Promise<void>((resolve) => (answer = resolve));
    await anasPayments({ hold });
    expect(await within(await screen.findByRole('region', { name: 'Formas de pago' })).findByText('Cargando las formas de pago…')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Formas de pago' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText(/no recibe/)).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Recibir pagos con Mercado Pago' })).toBeNull();
    answer();
    expect(await ways().findByText('Esta fiesta recibe pagos con Mercado Pago.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Formas de pago' })).toHaveAttribute('aria-busy', 'false');
  });

  it('turns Mercado Pago off and on, showing what the server answered', async () => {
    const { user, calls, stored } = await anasPayments();
    const box = await ways().findByRole('checkbox', { name: 'Recibir pagos con Mercado Pago' });
    expect(box).toBeChecked();
    await user.click(box);
    expect(await ways().findByText('Los invitados aún no tienen cómo pagar.')).toBeInTheDocument();
    expect(calls).toContainEqual({ action: 'set_mercadopago', on: false });
    expect(stored.mercadopago).toBe(false);
    expect(ways().getByRole('checkbox', { name: 'Recibir pagos con Mercado Pago' })).not.toBeChecked();
    await user.click(ways().getByRole('checkbox', { name: 'Recibir pagos con Mercado Pago' }));
    expect(await ways().findByText('Esta fiesta recibe pagos con Mercado Pago.')).toBeInTheDocument();
    expect(calls).toContainEqual({ action: 'set_mercadopago', on: true });
  });

  it('offers no Mercado Pago switch where the deployment has none, and says so in plain words', async () => {
    const { calls } = await anasPayments({ available: false });
    expect(
      await ways().findByText('Mercado Pago no está disponible en esta instalación de La Cuenta: los invitados pueden pagarte por transferencia.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Recibir pagos con Mercado Pago' })).toBeNull();
    expect(calls.some((call) => call.action === 'set_mercadopago')).toBe(false);
  });

  it('refuses a RUT whose check digit is wrong before sending anything', async () => {
    const { user, calls } = await anasPayments();
    await transfer().findByRole('textbox', { name: 'RUT' });
    await fillTransfer(user, '12.345.678-9');
    await user.click(transfer().getByRole('button', { name: 'Guardar datos para transferir' }));
    expect(await transfer().findByText('El RUT no es válido: revisa el dígito verificador.')).toBeInTheDocument();
    expect(calls.some((call) => call.action === 'transfer_details')).toBe(false);
  });

  it('saves the details with the RUT as the database keeps it, then removes them', async () => {
    const { user, calls, stored } = await anasPayments();
    await transfer().findByRole('textbox', { name: 'RUT' });
    expect(normalizeRut('12.345.678-5')).toBe('12345678-5');
    await fillTransfer(user, '12.345.678-5');
    await user.click(transfer().getByRole('button', { name: 'Guardar datos para transferir' }));
    expect(await transfer().findByText('Datos para transferir guardados: los invitados los ven al pagar.')).toBeInTheDocument();
    expect(calls).toContainEqual({
      action: 'transfer_details',
      details: {
        holder_name: 'Ana Pérez',
        rut: '12345678-5',
        bank: 'Banco Estado',
        account_type: 'Cuenta RUT',
        account_number: '12345678',
        email: 'ana@example.cl',
      },
    });
    expect(stored.transfer?.rut).toBe('12345678-5');
    expect(transfer().getByRole('textbox', { name: 'RUT' })).toHaveValue('12345678-5');
    expect(ways().getByText('Esta fiesta recibe pagos con Mercado Pago y transferencia.')).toBeInTheDocument();

    await user.click(transfer().getByRole('button', { name: 'Quitar datos para transferir' }));
    expect(await transfer().findByText('Se quitaron los datos para transferir: esta fiesta ya no recibe transferencias.')).toBeInTheDocument();
    expect(calls.at(-1)).toEqual({ action: 'transfer_details', details: null });
    expect(stored.transfer).toBeNull();
    expect(ways().getByText('Esta fiesta recibe pagos con Mercado Pago.')).toBeInTheDocument();
    expect(transfer().queryByRole('button', { name: 'Quitar datos para transferir' })).toBeNull();
  });

  it('shows the function’s refusal as it comes, without its prefix', async () => {
    const { user, server } = await anasPayments();
    await transfer().findByRole('textbox', { name: 'RUT' });
    await fillTransfer(user, '11.111.111-1');
    server.refuse = {
      kind: 'refused',
      status: 400,
      error: 'Pedido inválido: El número de cuenta lleva de 3 a 25 dígitos (y guiones).',
      retryAfterSeconds: null,
    };
    await user.click(transfer().getByRole('button', { name: 'Guardar datos para transferir' }));
    expect(await transfer().findByText('El número de cuenta lleva de 3 a 25 dígitos (y guiones).')).toBeInTheDocument();
  });
});

describe('the form’s own check', () => {
  it('says a bad RUT in the function’s words, by the database’s rule', () => {
    expect(RUT_PROBLEM).toBe(PAYMENT_ERRORS.badRut);
    const form = { holder_name: 'Ana', rut: '', bank: 'Banco', account_type: 'Cuenta RUT', account_number: '123', email: 'a@b.cl' };
    expect(checkTransferForm({ ...form, rut: '12.345.678-9' })).toEqual({ ok: false, problem: RUT_PROBLEM });
    expect(checkTransferForm({ ...form, rut: '' })).toEqual({ ok: false, problem: 'Completa todos los datos para transferir.' });
    expect(checkTransferForm({ ...form, rut: '12.345.678-5', account_type: 'Cuenta de otro' })).toEqual({ ok: false, problem: 'Elige el tipo de cuenta.' });
    expect(checkTransferForm({ ...form, rut: '7.654.321-6' })).toMatchObject({ ok: true, details: { rut: '7654321-6' } });
  });
});
