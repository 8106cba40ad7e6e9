/**
 * The host's rows once guests pay (issue 33): Mercado Pago's payments beside
 * the host's own mark, a transfer notice that is only a notice, and the
 * party's 'Pagado' and 'Por cobrar' as the server sums them.
 */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { formatClock } from '../../../src/host/format.ts';
import { createHostSession } from '../../../src/host/session.ts';
import { localHostStore } from '../../../src/host/storage.ts';
import { HostPage } from '../../../src/views/host/HostApp.tsx';
import { fakeHostServer, guestRow } from './fixtures.ts';

const KEY = 'clave-del-anfitrión';
const PAID_AT = '2026-11-22T02:15:00Z';
const NOTICE_AT = '2026-11-22T02:40:00Z';
/** Paid $4.840 of $11.990 through Mercado Pago. */
const ANA = guestRow({
  id: 'a',
  full_name: 'Ana Pérez',
  tipped: 11_990,
  paid_amount: 4840,
  paid_at: PAID_AT,
  mark_amount: null,
  mark_at: null,
  provider_amount: 4840,
  provider_at: PAID_AT,
});
/** Said 'Ya transferí' for her whole tab: nothing paid yet. */
const BETO = guestRow({ id: 'b', full_name: 'Beto Soto', total: 16_990, tipped: 18_689, transfer_notice: { amount: 18_689, at: NOTICE_AT } });

async function openParty() {
  const { server, ask } = fakeHostServer(KEY);
  server.guests = [ANA, BETO];
  const session = createHostSession({ ask, store: localHostStore });
  const user = userEvent.setup();
  render(<HostPage session={session} />);
  await user.type(screen.getByPlaceholderText('Clave para organizar'), KEY);
  await user.click(screen.getByRole('button', { name: 'Entrar' }));
  await screen.findByText('Total de la fiesta');
  return { server, session, user };
}

const totalOf = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
const rowOf = (name: string) => within(screen.getByRole('button', { name }).closest('li') as HTMLElement);

describe('a guest who paid with Mercado Pago', () => {
  it('shows Pagó con Mercado Pago $X beside the host’s own toggle, left unticked, and what is still owed', async () => {
    await openParty();
    const ana = rowOf('Ana Pérez');
    expect(ana.getByText('Pagó con Mercado Pago $4.840')).toBeInTheDocument();
    expect(ana.getByRole('checkbox', { name: 'Pagó Ana Pérez' })).not.toBeChecked();
    expect(ana.getByText('Debe $7.150 más')).toBeInTheDocument();
    expect(totalOf('Pagado')).toBe('$4.840');
    expect(totalOf('Por cobrar')).toBe('$25.839');
  });

  it('marks only what Mercado Pago left, so the same pesos never count twice', async () => {
    const { server, user } = await openParty();
    await user.click(rowOf('Ana Pérez').getByRole('checkbox', { name: 'Pagó Ana Pérez' }));
    await vi.waitFor(() => expect(server.actions).toContainEqual({ action: 'paid', guestId: 'a', paid: true, amount: 7150 }));
    await vi.waitFor(() => expect(totalOf('Pagado')).toBe('$11.990'));
    const ana = rowOf('Ana Pérez');
    expect(ana.getByText('Pagó con Mercado Pago $4.840')).toBeInTheDocument();
    expect(ana.getByText(/^Pagó \$7\.150 a las \d{2}:\d{2}$/)).toBeInTheDocument();
    expect(ana.queryByText(/^Debe /)).toBeNull();
    expect(totalOf('Por cobrar')).toBe('$18.689');
  });

  it('keeps the Mercado Pago payment when the host takes their own mark back', async () => {
    const { server, user } = await openParty();
    const box = () => rowOf('Ana Pérez').getByRole('checkbox', { name: 'Pagó Ana Pérez' });
    await user.click(box());
    await vi.waitFor(() => expect(box()).toBeChecked());
    await user.click(box());
    await vi.waitFor(() => expect(server.actions.filter((action) => action.action === 'paid').at(-1)).toEqual({ action: 'paid', guestId: 'a', paid: false }));
    await vi.waitFor(() => expect(totalOf('Pagado')).toBe('$4.840'));
    expect(rowOf('Ana Pérez').getByText('Pagó con Mercado Pago $4.840')).toBeInTheDocument();
    expect(rowOf('Ana Pérez').getByText('Debe $7.150 más')).toBeInTheDocument();
  });

  it('shows the pending mark at once with no signal, added to what Mercado Pago brought in', async () => {
    const { server, user } = await openParty();
    server.signal = false;
    await user.click(rowOf('Ana Pérez').getByRole('checkbox', { name: 'Pagó Ana Pérez' }));
    const ana = rowOf('Ana Pérez');
    expect(ana.getByRole('checkbox', { name: 'Pagó Ana Pérez' })).toBeChecked();
    expect(ana.queryByText(/^Debe /)).toBeNull();
    expect(ana.getByText(/^Pagó \$7\.150 a las/)).toBeInTheDocument();
    // The party's totals stay the server's until it has the mark.
    expect(totalOf('Pagado')).toBe('$4.840');
  });
});

describe('a transfer the guest says they made', () => {
  it('is a notice with its amount and time, not a payment: the totals and the toggle wait for the host', async () => {
    await openParty();
    const beto = rowOf('Beto Soto');
    expect(beto.getByText(`Avisó que transfirió $18.689 · ${formatClock(NOTICE_AT)}`)).toBeInTheDocument();
    expect(beto.getByRole('checkbox', { name: 'Pagó Beto Soto' })).not.toBeChecked();
    expect(beto.queryByText(/^Pagó /)).toBeNull();
    expect(totalOf('Pagado')).toBe('$4.840');
  });

  it('is confirmed by the paid toggle: then it counts, and the notice stays as how they paid', async () => {
    const { server, user, session } = await openParty();
    await user.click(rowOf('Beto Soto').getByRole('checkbox', { name: 'Pagó Beto Soto' }));
    await vi.waitFor(() => expect(server.actions).toContainEqual({ action: 'paid', guestId: 'b', paid: true, amount: 18_689 }));
    await act(() => session.feed.refresh());
    expect(totalOf('Pagado')).toBe('$23.529');
    const beto = rowOf('Beto Soto');
    expect(beto.getByText(/^Avisó que transfirió \$18\.689 · /)).not.toHaveAttribute('data-owes');
    expect(beto.getByText(/^Pagó \$18\.689 a las/)).toBeInTheDocument();
  });
});

describe('a guest who paid past their tab (issue 42)', () => {
  /** Paid $11.990 twice through Mercado Pago for an $11.990 tab. */
  const TWICE = guestRow({
    id: 'c',
    full_name: 'Carla Doble',
    tipped: 11_990,
    paid_amount: 23_980,
    paid_at: PAID_AT,
    mark_amount: null,
    mark_at: null,
    provider_amount: 23_980,
    provider_at: PAID_AT,
    credit: 11_990,
    refundable: 23_980,
  });
  /** Paid $11.990 in cash (the host's mark), then took an order off: $5.000 owed back by hand. */
  const CASH = guestRow({ id: 'd', full_name: 'Diego Efectivo', total: 6_355, tipped: 6_990, paid_amount: 11_990, paid_at: PAID_AT, credit: 5_000 });

  async function openWith(...guests: ReturnType<typeof guestRow>[]) {
    const { server, ask } = fakeHostServer(KEY);
    server.guests = guests;
    const user = userEvent.setup();
    render(<HostPage session={createHostSession({ ask, store: localHostStore })} />);
    await user.type(screen.getByPlaceholderText('Clave para organizar'), KEY);
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await screen.findByText('Total de la fiesta');
    return { server, user };
  }

  it('says Saldo a favor on the row and in the party’s figures, and gives it back through Mercado Pago with Devolver', async () => {
    const { server, user } = await openWith(TWICE);
    const carla = rowOf('Carla Doble');
    expect(carla.getByText('Saldo a favor $11.990')).toBeInTheDocument();
    expect(carla.queryByText(/^Debe /)).toBeNull();
    expect(totalOf('Saldo a favor')).toBe('$11.990');
    expect(carla.queryByRole('button', { name: /^Marcar como devuelto/ })).toBeNull();
    await user.click(carla.getByRole('button', { name: 'Devolver $11.990 a Carla Doble' }));
    await vi.waitFor(() => expect(server.actions).toContainEqual({ action: 'refund', guestId: 'c', amount: 11_990, way: 'mercadopago' }));
    expect(await rowOf('Carla Doble').findByText(/^Devuelto \$11\.990 · \d\d:\d\d · Mercado Pago$/)).toBeInTheDocument();
    expect(rowOf('Carla Doble').queryByText(/^Saldo a favor/)).toBeNull();
    expect(screen.queryByText('Saldo a favor', { selector: 'dt' })).toBeNull();
  });

  it('offers Marcar como devuelto for money paid otherwise, recorded by hand', async () => {
    const { server, user } = await openWith(CASH);
    const diego = rowOf('Diego Efectivo');
    expect(diego.getByText('Saldo a favor $5.000')).toBeInTheDocument();
    expect(diego.queryByRole('button', { name: /^Devolver/ })).toBeNull();
    await user.click(diego.getByRole('button', { name: 'Marcar como devuelto $5.000 a Diego Efectivo' }));
    await vi.waitFor(() => expect(server.actions).toContainEqual({ action: 'refund', guestId: 'd', amount: 5_000, way: 'host' }));
    expect(await rowOf('Diego Efectivo').findByText(/^Devuelto \$5\.000 · \d\d:\d\d · a mano$/)).toBeInTheDocument();
  });

  it('keeps on the list a guest who paid and has nothing on their tab now, with what is owed back', async () => {
    await openWith(
      guestRow({ id: 'e', full_name: 'Elsa Reseteó', orders: 0, total: 0, tipped: 0, last_order_at: null, paid_amount: 4840, paid_at: PAID_AT, credit: 4840 }),
    );
    const elsa = rowOf('Elsa Reseteó');
    expect(elsa.getByText('Sin pedidos en su cuenta')).toBeInTheDocument();
    expect(elsa.getByText('Saldo a favor $4.840')).toBeInTheDocument();
  });
});
