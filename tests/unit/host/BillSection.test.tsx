/**
 * 'Cuenta del bar' on a party's page (issue 32): loading says so (never $0),
 * the preview matches each line to the list or says 'No está en la carta',
 * the save is all or nothing with the function's reasons (400 per line, 409),
 * the comparison after 'Repartir lo sin dueño' reads 'Sin dueño' $0, and the
 * guest of honour's toggle and the server's tab lines on a guest's detail.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { HostAnswer, HostCall } from '../../../src/host/api.ts';
import { createHostSession } from '../../../src/host/session.ts';
import { localHostStore } from '../../../src/host/storage.ts';
import { HostPage } from '../../../src/views/host/HostApp.tsx';
import { BILL_ERRORS } from '../../../supabase/functions/_shared/host-errors.ts';
import { ANA, ANA_KEY, fakeParties } from './fake-parties.ts';
import { guestRow } from './fixtures.ts';

interface Comparison {
  billed: number;
  declared: number;
  without_owner: number;
  declared_over: number;
  to_spread: number;
  settlement: { by: 'guests' | 'host'; amount: number; at: string } | null;
  total_only: boolean;
  lines: unknown[];
  products: { product: string; billed: number; declared: number; difference: number }[];
}

/** Ana's party, two guests with orders, and the function's bill actions over the fake parties. */
async function anasBill(options: { hold?: Promise<void> } = {}) {
  const fake = fakeParties();
  fake.guests.set(ANA, [
    guestRow({ id: 'g1', full_name: 'Ana Pérez', orders: 2, total: 8_800, tipped: 9_680 }),
    guestRow({ id: 'g2', full_name: 'Beto Soto', orders: 1, total: 4_400, tipped: 4_840 }),
  ]);
  const bill = { current: null as Comparison | null, refuse: null as HostAnswer | null, honour: null as string | null, unclaimed: false };
  const calls: HostCall[] = [];
  const ask = async (key: string, action: HostCall): Promise<HostAnswer> => {
    calls.push(action);
    switch (action.action) {
      case 'bill':
        if (options.hold) await options.hold;
        return bill.current ? { kind: 'ok', json: bill.current } : { kind: 'refused', status: 404, error: BILL_ERRORS.noBill, retryAfterSeconds: null };
      case 'save_bill': {
        if (bill.refuse) return bill.refuse;
        const lines = 'lines' in action ? action.lines : [];
        const billed = 'total' in action ? action.total : lines.reduce((sum, line) => sum + line.quantity * line.unitPrice, 0);
        const declared = 13_200;
        bill.current = {
          billed,
          declared,
          without_owner: Math.max(billed - declared, 0),
          declared_over: Math.max(declared - billed, 0),
          to_spread: Math.max(billed - declared, 0),
          settlement: null,
          total_only: 'total' in action,
          lines,
          products: lines.map((line) => ({
            product: line.product,
            billed: line.quantity * line.unitPrice,
            declared: 0,
            difference: line.quantity * line.unitPrice,
          })),
        };
        return { kind: 'ok', json: bill.current };
      }
      case 'settle_bill':
        if (!bill.current) return { kind: 'refused', status: 404, error: BILL_ERRORS.noBill, retryAfterSeconds: null };
        bill.current = { ...bill.current, without_owner: 0, settlement: { by: action.by, amount: bill.current.to_spread, at: '2026-11-29T03:00:00Z' } };
        return { kind: 'ok', json: bill.current };
      case 'honour':
        bill.honour = action.honoured ? action.guestId : null;
        return { kind: 'ok', json: { guest_of_honour: bill.honour } };
      case 'party': {
        const answer = await fake.ask(key, action);
        return answer.kind === 'ok' ? { kind: 'ok', json: { ...(answer.json as object), guest_of_honour: bill.honour } } : answer;
      }
      case 'guest':
        return {
          kind: 'ok',
          json: {
            id: action.guestId,
            full_name: 'Ana Pérez',
            orders: [
              {
                id: null,
                kind: 'honoured',
                product_name: 'Tu cuenta la paga la fiesta.',
                product_price: -8_800,
                created_at: '2026-11-29T03:00:00Z',
                paid: false,
              },
              { id: null, kind: 'spread', product_name: 'Parte de lo sin dueño', product_price: 1_500, created_at: '2026-11-29T03:00:00Z', paid: false },
              ...(bill.unclaimed
                ? []
                : [{ id: 'c1', kind: 'claim', product_name: 'Pisco Sour', product_price: 4_400, created_at: '2026-11-29T02:00:00Z', paid: false }]),
              { id: 'o1', kind: 'order', product_name: 'Mojito', product_price: 4_400, created_at: '2026-11-29T01:00:00Z', paid: false },
            ],
          },
        };
      case 'unclaim':
        bill.unclaimed = true;
        return { kind: 'ok', json: { id: action.guestId, full_name: 'Ana Pérez', orders: [] } };
      default:
        return fake.ask(key, action);
    }
  };
  const user = userEvent.setup();
  render(<HostPage session={createHostSession({ ask, store: localHostStore })} />);
  await user.type(screen.getByPlaceholderText('Clave para organizar'), ANA_KEY);
  await user.click(screen.getByRole('button', { name: 'Entrar' }));
  await screen.findByRole('heading', { name: 'Cumpleaños de Ana' });
  return { user, bill, calls };
}

const openBill = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByRole('tab', { name: 'Cuenta del bar' }));
  return screen.getByRole('tabpanel', { name: 'Cuenta del bar' });
};

const figure = (panel: HTMLElement, label: string) => within(panel).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('the bar’s bill on the host’s page', () => {
  it('says it is loading, never $0, until the function answers; then that the party has no bill yet', async () => {
    let release: () => void = () => undefined;
    const hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { user } = await anasBill({ hold });
    const panel = await openBill(user);
    expect(within(panel).getByText('Cargando la cuenta del bar…')).toBeVisible();
    expect(panel.textContent).not.toContain('$0');
    release();
    expect(await within(panel).findByText(/Esta fiesta aún no tiene la cuenta del bar\./)).toBeVisible();
    expect(panel.textContent).not.toContain('$0');
  });

  it('previews each line matched to the list or “No está en la carta”, saves all of it, and compares', async () => {
    const { user, calls } = await anasBill();
    const panel = await openBill(user);
    await within(panel).findByText(/aún no tiene/);
    const field = within(panel).getByLabelText('Líneas de la cuenta del bar');
    await user.click(field);
    await user.paste('aperol spritz;2;6.500\nPichanga;1;$12.990\n');
    const preview = within(panel).getByRole('region', { name: /Vista previa de la cuenta/ });
    const lines = within(preview).getAllByRole('listitem');
    expect(lines[0]).toHaveTextContent('Línea 1: aperol spritz · 2 × $6.500 = $13.000 · en la carta como Aperol Spritz');
    expect(lines[1]).toHaveTextContent('Línea 2: Pichanga · 1 × $12.990 = $12.990 · No está en la carta');
    await user.click(within(panel).getByRole('button', { name: 'Guardar la cuenta del bar' }));
    expect(await within(panel).findByText('Cuenta del bar guardada: 2 líneas.')).toBeVisible();
    expect(calls.find((call) => call.action === 'save_bill')).toEqual({
      action: 'save_bill',
      lines: [
        { product: 'aperol spritz', quantity: 2, unitPrice: 6500 },
        { product: 'Pichanga', quantity: 1, unitPrice: 12990 },
      ],
    });
    expect(figure(panel, 'Cuenta del bar')).toBe('$25.990');
    expect(figure(panel, 'Declarado por los invitados')).toBe('$13.200');
    expect(figure(panel, 'Sin dueño')).toBe('$12.790');
    expect(figure(panel, 'Declarado de más')).toBe('$0');
    const table = within(panel).getByRole('table', { name: 'Por producto' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Producto', 'Cuenta', 'Declarado', 'Diferencia']);
    expect(within(table).getByRole('row', { name: /Pichanga/ })).toHaveTextContent('Pichanga$12.990$0$12.990');
  });

  it('sends nothing while a line has a problem', async () => {
    const { user, calls } = await anasBill();
    const panel = await openBill(user);
    await user.click(within(panel).getByLabelText('Líneas de la cuenta del bar'));
    await user.paste('Pisco Sour;2;4400\nTabla;muchas;16990');
    expect(within(panel).getByText(/^Línea 2: La cantidad debe ser un entero/)).toBeVisible();
    expect(within(panel).getByRole('button', { name: 'Guardar la cuenta del bar' })).toBeDisabled();
    expect(calls.some((call) => call.action === 'save_bill')).toBe(false);
  });

  it('shows the function’s refusal: each line’s problem (400), or why not (409); the lines stay', async () => {
    const { user, bill } = await anasBill();
    const panel = await openBill(user);
    bill.refuse = {
      kind: 'refused',
      status: 400,
      error: 'Pedido inválido: Línea 1: El precio debe ser un entero de pesos entre $1 y $1.000.000.',
      retryAfterSeconds: null,
    };
    const field = within(panel).getByLabelText('Líneas de la cuenta del bar');
    await user.click(field);
    await user.paste('Pisco Sour;2;4400');
    await user.click(within(panel).getByRole('button', { name: 'Guardar la cuenta del bar' }));
    expect(await within(panel).findByText('Línea 1: El precio debe ser un entero de pesos entre $1 y $1.000.000.')).toBeVisible();
    expect(field).toHaveValue('Pisco Sour;2;4400');
    bill.refuse = { kind: 'refused', status: 409, error: BILL_ERRORS.claimed, retryAfterSeconds: null };
    await user.click(within(panel).getByRole('button', { name: 'Guardar la cuenta del bar' }));
    expect(await within(panel).findByText(BILL_ERRORS.claimed)).toBeVisible();
    bill.refuse = { kind: 'refused', status: 409, error: BILL_ERRORS.race, retryAfterSeconds: null };
    await user.click(within(panel).getByRole('button', { name: 'Guardar la cuenta del bar' }));
    expect(await within(panel).findByText(BILL_ERRORS.race)).toBeVisible();
  });

  it('saves a total alone, and spreads what nobody declared after “Sí, repartir”: “Sin dueño” then reads $0', async () => {
    const { user, calls } = await anasBill();
    const panel = await openBill(user);
    await user.type(within(panel).getByLabelText('Total de la cuenta del bar'), '$20.001');
    await user.click(within(panel).getByRole('button', { name: 'Guardar el total' }));
    expect(await within(panel).findByText('Total de la cuenta del bar guardado: $20.001.')).toBeVisible();
    expect(figure(panel, 'Sin dueño')).toBe('$6.801');
    expect(within(panel).queryByRole('table')).toBeNull();
    await user.click(within(panel).getByRole('button', { name: 'Repartir lo sin dueño' }));
    // Two guests with orders: $3.400 each, the first by their code one peso more.
    expect(within(panel).getByText(/Se reparten \$6\.801 entre los 2 invitados con pedidos: \$3\.400 a cada uno/)).toHaveTextContent(
      'el primer invitado según su código en el servidor paga $1 más',
    );
    expect(calls.some((call) => call.action === 'settle_bill')).toBe(false);
    await user.click(within(panel).getByRole('button', { name: 'Sí, repartir' }));
    expect(await within(panel).findByText(/se repartió entre los invitados/)).toBeVisible();
    expect(figure(panel, 'Sin dueño')).toBe('$0');
    expect(calls.find((call) => call.action === 'settle_bill')).toEqual({ action: 'settle_bill', by: 'guests' });
    expect(within(panel).queryByRole('button', { name: 'Repartir lo sin dueño' })).toBeNull();
  });

  it('leaves what is left with the host on “Lo pago yo”', async () => {
    const { user, calls } = await anasBill();
    const panel = await openBill(user);
    await user.type(within(panel).getByLabelText('Total de la cuenta del bar'), '20000');
    await user.click(within(panel).getByRole('button', { name: 'Guardar el total' }));
    await user.click(await within(panel).findByRole('button', { name: 'Lo pago yo' }));
    expect(await within(panel).findByText('Lo sin dueño ($6.800) lo paga quien organiza.')).toBeVisible();
    expect(figure(panel, 'Sin dueño')).toBe('$0');
    expect(calls.find((call) => call.action === 'settle_bill')).toEqual({ action: 'settle_bill', by: 'host' });
  });

  it('makes a guest the guest of honour and back, and shows the server’s lines on their detail with their amounts', async () => {
    const { user, calls } = await anasBill();
    await user.click(screen.getByRole('button', { name: /Ana Pérez/ }));
    const detail = await screen.findByRole('list', { name: 'Pedidos de Ana Pérez' });
    expect(
      within(detail)
        .getAllByRole('listitem')
        .map((item) => item.textContent.replace(/ · \d\d:\d\d/, '')),
    ).toEqual(['Tu cuenta la paga la fiesta.-$8.800', 'Parte de lo sin dueño$1.500', 'Pisco Sour (de la cuenta del bar)$4.400Quitar', 'Mojito$4.400']);
    await user.click(screen.getByRole('checkbox', { name: 'Invitado de honor: Ana Pérez' }));
    expect(calls.find((call) => call.action === 'honour')).toEqual({ action: 'honour', guestId: 'g1', honoured: true });
    expect(await screen.findByText(/Invitado de honor: la fiesta paga su cuenta/)).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'Invitado de honor: Ana Pérez' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Invitado de honor: Ana Pérez' }));
    expect(await screen.findByRole('checkbox', { name: 'Invitado de honor: Ana Pérez', checked: false })).toBeVisible();
    expect(calls.filter((call) => call.action === 'honour').at(-1)).toEqual({ action: 'honour', guestId: 'g1', honoured: false });
  });

  it('takes a claim back from a guest’s detail after asking, and the open detail follows the party as read again', async () => {
    const { user, calls } = await anasBill();
    await user.click(screen.getByRole('button', { name: /Ana Pérez/ }));
    const detail = await screen.findByRole('list', { name: 'Pedidos de Ana Pérez' });
    await within(detail).findByText(/Pisco Sour/);
    // Only a claim of the bar's bill has 'Quitar'; it asks first.
    expect(within(detail).getAllByRole('button', { name: /^Quitar/ })).toHaveLength(1);
    await user.click(within(detail).getByRole('button', { name: 'Quitar Pisco Sour de la cuenta de Ana Pérez' }));
    expect(within(detail).getByText('¿Quitar Pisco Sour de la cuenta de Ana Pérez? Vuelve a «¿Alguien pidió esto?».')).toBeVisible();
    expect(calls.some((call) => call.action === 'unclaim')).toBe(false);
    const asked = calls.filter((call) => call.action === 'guest').length;
    await user.click(within(detail).getByRole('button', { name: 'Sí, quitar' }));
    expect(calls.find((call) => call.action === 'unclaim')).toEqual({ action: 'unclaim', guestId: 'g1', claimId: 'c1' });
    // The party read again after it, and the detail with it.
    await vi.waitFor(() => expect(within(detail).queryByText(/Pisco Sour/)).toBeNull());
    expect(calls.filter((call) => call.action === 'guest').length).toBeGreaterThan(asked);
    expect(within(detail).getByText(/Mojito/)).toBeVisible();
  });
});
