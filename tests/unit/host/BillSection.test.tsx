/**
 * 'Cuenta del bar' on a party's page (issues 32 and 41): loading says so
 * (never $0); lines pasted go to the table through the bill's parser (a tip is
 * never a product), each row's fields and 'Quitar', 'Agregar línea', the one
 * sentence under the table; a near name asked and confirmed; the save is all
 * or nothing with the function's reasons (400 per line, 409), and the bill as
 * saved comes back into the table; the comparison after 'Repartir lo sin
 * dueño' reads 'Sin dueño' $0; the guest of honour's toggle and the server's
 * tab lines on a guest's detail.
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
  saved_at: string;
  printed_total: number | null;
  lines: { id: string; product: string; menu_name: string | null; quantity: number; unit_price: number; claimed_units: number }[];
  products: { product: string; billed: number; declared: number; difference: number }[];
}

/** The party's list, as the function answers `menu`. */
const MENU = {
  version: 'v1',
  items: [
    { name: 'Aperol Spritz', price: 6500, category: 'Cócteles', sold_out: false },
    { name: 'Alitas BBQ 8 unidades', price: 8990, category: 'Entradas', sold_out: false },
    { name: 'Pisco Sour', price: 5990, category: 'Cócteles', sold_out: false },
  ],
};

/** Ana's party, two guests with orders, and the function's bill actions over the fake parties. */
async function anasBill(options: { hold?: Promise<void> } = {}) {
  const fake = fakeParties();
  fake.guests.set(ANA, [
    guestRow({ id: 'g1', full_name: 'Ana Pérez', orders: 2, total: 8_800, tipped: 9_680 }),
    guestRow({ id: 'g2', full_name: 'Beto Soto', orders: 1, total: 4_400, tipped: 4_840 }),
  ]);
  const bill = {
    current: null as Comparison | null,
    refuse: null as HostAnswer | null,
    honour: null as string | null,
    /** Paid guests a change would move (issue 42): refused 'moves_paid' until sent with confirm. */
    movesPaid: 0,
    unclaimed: false,
    late: [] as { product_name: string; amount: number; full_name: string; received_at: string }[],
  };
  const asksFirst = (action: HostCall): HostAnswer | null =>
    bill.movesPaid > 0 && !('confirm' in action)
      ? {
          kind: 'refused',
          status: 409,
          code: 'moves_paid',
          error:
            bill.movesPaid === 1 ? 'Esto cambia la cuenta de 1 invitado que ya pagó.' : `Esto cambia la cuenta de ${bill.movesPaid} invitados que ya pagaron.`,
          retryAfterSeconds: null,
        }
      : null;
  const calls: HostCall[] = [];
  const ask = async (key: string, action: HostCall): Promise<HostAnswer> => {
    calls.push(action);
    switch (action.action) {
      case 'bill':
        if (options.hold) await options.hold;
        return bill.current
          ? { kind: 'ok', json: { ...bill.current, late: bill.late } }
          : { kind: 'refused', status: 404, error: BILL_ERRORS.noBill, retryAfterSeconds: null };
      case 'menu':
        return { kind: 'ok', json: MENU };
      case 'save_bill': {
        if (bill.refuse) return bill.refuse;
        const first = asksFirst(action);
        if (first) return first;
        const lines = 'lines' in action ? action.lines : [];
        const listed = (name: string) => MENU.items.find((item) => item.name.toLowerCase() === name.toLowerCase())?.name ?? null;
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
          saved_at: new Date().toISOString(),
          printed_total: 'lines' in action ? action.printedTotal : null,
          lines: lines.map((line, index) => ({
            id: `l${index + 1}`,
            product: line.product,
            menu_name: line.sameAs ?? listed(line.product),
            quantity: line.quantity,
            unit_price: line.unitPrice,
            claimed_units: 0,
          })),
          products: lines.map((line) => ({
            product: line.sameAs ?? listed(line.product) ?? line.product,
            billed: line.quantity * line.unitPrice,
            declared: 0,
            difference: line.quantity * line.unitPrice,
          })),
        };
        return { kind: 'ok', json: { ...bill.current, late: bill.late } };
      }
      case 'settle_bill': {
        if (!bill.current) return { kind: 'refused', status: 404, error: BILL_ERRORS.noBill, retryAfterSeconds: null };
        const first = asksFirst(action);
        if (first) return first;
        bill.current = { ...bill.current, without_owner: 0, settlement: { by: action.by, amount: bill.current.to_spread, at: '2026-11-29T03:00:00Z' } };
        return { kind: 'ok', json: bill.current };
      }
      case 'honour': {
        const first = asksFirst(action);
        if (first) return first;
        bill.honour = action.honoured ? action.guestId : null;
        return { kind: 'ok', json: { guest_of_honour: bill.honour } };
      }
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

/** The box for pasted lines, once the section has read the bill (until then it says it is loading). */
const pasteBox = (panel: HTMLElement) => within(panel).findByLabelText('Líneas de la cuenta del bar', {}, { timeout: 5_000 });

/** The table's rows as the host reads their fields: product, units, unit price. */
const rowsOf = (panel: HTMLElement) =>
  within(panel)
    .getAllByRole('textbox', { name: /^Producto, línea/ })
    .map((product, index) => [
      (product as HTMLInputElement).value,
      within(panel).getByRole<HTMLInputElement>('textbox', { name: `Cantidad, línea ${index + 1}` }).value,
      within(panel).getByRole<HTMLInputElement>('textbox', { name: `Precio unitario, línea ${index + 1}` }).value,
    ]);

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

  it('takes pasted lines into the table through the bill’s parser, a tip line never a product, saves them all, and compares', async () => {
    const { user, calls } = await anasBill();
    const panel = await openBill(user);
    await within(panel).findByText(/aún no tiene/);
    await user.click(await pasteBox(panel));
    await user.paste('aperol spritz;2;6.500\nPichanga;1;$12.990\nPropina sugerida 10%;1;2.599\n');
    await user.click(within(panel).getByRole('button', { name: 'Llevar a la tabla' }));
    expect(rowsOf(panel)).toEqual([
      ['aperol spritz', '2', '$6.500'],
      ['Pichanga', '1', '$12.990'],
    ]);
    expect(within(panel).getByText(/aparte de los productos/)).toHaveTextContent('Propina $2.599');
    expect(within(panel).getByText('La boleta no trae un total que leer.')).toBeVisible();
    await user.click(within(panel).getByRole('button', { name: 'Guardar la cuenta del bar' }));
    expect(await within(panel).findByText('Cuenta del bar guardada: 2 líneas.')).toBeVisible();
    expect(calls.find((call) => call.action === 'save_bill')).toEqual({
      action: 'save_bill',
      lines: [
        { product: 'aperol spritz', quantity: 2, unitPrice: 6500 },
        { product: 'Pichanga', quantity: 1, unitPrice: 12990 },
      ],
      printedTotal: null,
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
    // The bill as saved is the table's: still there, the box empty.
    expect(rowsOf(panel)).toEqual([
      ['aperol spritz', '2', '$6.500'],
      ['Pichanga', '1', '$12.990'],
    ]);
    expect(within(panel).getByLabelText('Líneas de la cuenta del bar')).toHaveValue('');
  }, 20_000);

  it('corrects a row in its fields, removes and adds rows, and says one sentence against the bill’s total', async () => {
    const { user, calls } = await anasBill();
    const panel = await openBill(user);
    await user.click(await pasteBox(panel));
    await user.paste('Pisco Sour;2;5.990\nMojito;1;6490\nSubtotal;1;17.990');
    await user.click(within(panel).getByRole('button', { name: 'Llevar a la tabla' }));
    expect(within(panel).getByText('Las líneas suman $18.470 y la boleta dice $17.990: revisa las líneas.')).toBeVisible();
    const price = within(panel).getByRole('textbox', { name: 'Precio unitario, línea 2' });
    await user.clear(price);
    await user.type(price, '6.010');
    expect(within(panel).getByText('Las líneas suman $17.990, igual que el total de la boleta.')).toBeVisible();
    await user.click(within(panel).getByRole('button', { name: 'Quitar línea 2' }));
    expect(rowsOf(panel)).toEqual([['Pisco Sour', '2', '$5.990']]);
    await user.click(within(panel).getByRole('button', { name: 'Agregar línea' }));
    await user.type(within(panel).getByRole('textbox', { name: 'Producto, línea 2' }), 'Maní');
    await user.clear(within(panel).getByRole('textbox', { name: 'Cantidad, línea 2' }));
    await user.type(within(panel).getByRole('textbox', { name: 'Cantidad, línea 2' }), 'tres');
    await user.type(within(panel).getByRole('textbox', { name: 'Precio unitario, línea 2' }), '2500');
    await user.click(within(panel).getByRole('button', { name: 'Guardar la cuenta del bar' }));
    expect(within(panel).getByText(/La cantidad debe ser un entero/)).toBeVisible();
    expect(calls.some((call) => call.action === 'save_bill')).toBe(false);
    await user.clear(within(panel).getByRole('textbox', { name: 'Cantidad, línea 2' }));
    await user.type(within(panel).getByRole('textbox', { name: 'Cantidad, línea 2' }), '3');
    await user.click(within(panel).getByRole('button', { name: 'Guardar la cuenta del bar' }));
    expect(await within(panel).findByText('Cuenta del bar guardada: 2 líneas.')).toBeVisible();
    expect(calls.find((call) => call.action === 'save_bill')).toEqual({
      action: 'save_bill',
      lines: [
        { product: 'Pisco Sour', quantity: 2, unitPrice: 5990 },
        { product: 'Maní', quantity: 3, unitPrice: 2500 },
      ],
      printedTotal: 17990,
    });
  }, 20_000);

  it('asks whether a near name is the list’s product, sends it once confirmed, and the saved bill says so', async () => {
    const { user, calls } = await anasBill();
    const panel = await openBill(user);
    await user.click(await pasteBox(panel));
    await user.paste('Alitas BBQ;2;8.990\nPisco sour;1;5990');
    await user.click(within(panel).getByRole('button', { name: 'Llevar a la tabla' }));
    // The list's Pisco Sour by its name: nothing to ask.
    expect(
      within(panel)
        .getAllByText(/^¿Es «/)
        .map((question) => question.textContent),
    ).toEqual(['¿Es «Alitas BBQ 8 unidades»?']);
    await user.click(within(panel).getByRole('button', { name: 'Sí, es lo mismo' }));
    expect(within(panel).getByText('Es «Alitas BBQ 8 unidades» de la carta.')).toBeVisible();
    await user.click(within(panel).getByRole('button', { name: 'Guardar la cuenta del bar' }));
    await within(panel).findByText('Cuenta del bar guardada: 2 líneas.');
    expect(calls.find((call) => call.action === 'save_bill')).toMatchObject({
      lines: [
        { product: 'Alitas BBQ', quantity: 2, unitPrice: 8990, sameAs: 'Alitas BBQ 8 unidades' },
        { product: 'Pisco sour', quantity: 1, unitPrice: 5990 },
      ],
    });
    // Back from the server, the line is still that product, and the host may take it back.
    expect(within(panel).getByText('Es «Alitas BBQ 8 unidades» de la carta.')).toBeVisible();
    await user.click(within(panel).getByRole('button', { name: 'No es lo mismo' }));
    expect(within(panel).getByText('¿Es «Alitas BBQ 8 unidades»?')).toBeVisible();
    expect(within(panel).getByText('Hay cambios sin guardar.')).toBeVisible();
  }, 20_000);

  it('offers a photo of the bill from the camera or a file', async () => {
    const { user } = await anasBill();
    const panel = await openBill(user);
    const photo = within(panel).getByLabelText('Foto de la cuenta');
    expect(photo).toHaveAttribute('type', 'file');
    expect(photo).toHaveAttribute('accept', 'image/*');
    expect(photo).toHaveAttribute('capture', 'environment');
  });

  it('shows the function’s refusal: each line’s problem (400), or why not (409); the rows stay', async () => {
    const { user, bill } = await anasBill();
    const panel = await openBill(user);
    bill.refuse = {
      kind: 'refused',
      status: 400,
      error: 'Pedido inválido: Línea 1: El precio debe ser un entero de pesos entre $1 y $1.000.000.',
      retryAfterSeconds: null,
    };
    await user.click(await pasteBox(panel));
    await user.paste('Pisco Sour;2;4400');
    await user.click(within(panel).getByRole('button', { name: 'Llevar a la tabla' }));
    await user.click(within(panel).getByRole('button', { name: 'Guardar la cuenta del bar' }));
    expect(await within(panel).findByText('Línea 1: El precio debe ser un entero de pesos entre $1 y $1.000.000.')).toBeVisible();
    expect(rowsOf(panel)).toEqual([['Pisco Sour', '2', '$4.400']]);
    bill.refuse = { kind: 'refused', status: 409, error: BILL_ERRORS.claimed, retryAfterSeconds: null };
    await user.click(within(panel).getByRole('button', { name: 'Guardar la cuenta del bar' }));
    expect(await within(panel).findByText(BILL_ERRORS.claimed)).toBeVisible();
    bill.refuse = { kind: 'refused', status: 409, error: BILL_ERRORS.race, retryAfterSeconds: null };
    await user.click(within(panel).getByRole('button', { name: 'Guardar la cuenta del bar' }));
    expect(await within(panel).findByText(BILL_ERRORS.race)).toBeVisible();
    expect(rowsOf(panel)).toEqual([['Pisco Sour', '2', '$4.400']]);
  }, 20_000);

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

  it('asks first when a change moves what a guest who already paid owes: Cancelar changes nothing, Sí, cambiar sends it confirmed', async () => {
    const { user, bill, calls } = await anasBill();
    const panel = await openBill(user);
    await user.type(within(panel).getByLabelText('Total de la cuenta del bar'), '20000');
    await user.click(within(panel).getByRole('button', { name: 'Guardar el total' }));
    await within(panel).findByText('Total de la cuenta del bar guardado: $20.000.');
    bill.movesPaid = 1;
    await user.type(within(panel).getByLabelText('Total de la cuenta del bar'), '25000');
    await user.click(within(panel).getByRole('button', { name: 'Guardar el total' }));
    const question = await within(panel).findByRole('alertdialog', { name: 'Esto cambia la cuenta de 1 invitado que ya pagó.' });
    // The choice that moves no money has the focus.
    expect(within(question).getByRole('button', { name: 'Cancelar' })).toHaveFocus();
    await user.click(within(question).getByRole('button', { name: 'Cancelar' }));
    expect(await within(panel).findByText('No se cambió nada.')).toBeVisible();
    expect(figure(panel, 'Cuenta del bar')).toBe('$20.000');
    expect(calls.filter((call) => call.action === 'save_bill')).toHaveLength(2);

    bill.movesPaid = 2;
    await user.click(within(panel).getByRole('button', { name: 'Lo pago yo' }));
    const plural = await within(panel).findByRole('alertdialog', { name: 'Esto cambia la cuenta de 2 invitados que ya pagaron.' });
    await user.click(within(plural).getByRole('button', { name: 'Sí, cambiar' }));
    expect(await within(panel).findByText('Lo sin dueño ($6.800) lo paga quien organiza.')).toBeVisible();
    expect(calls.filter((call) => call.action === 'settle_bill')).toEqual([
      { action: 'settle_bill', by: 'host' },
      { action: 'settle_bill', by: 'host', confirm: true },
    ]);
    expect(within(panel).queryByRole('alertdialog')).toBeNull();
  });

  it('lists the orders that came after the settlement: Llegó después de repartir', async () => {
    const { user, bill } = await anasBill();
    bill.late = [{ product_name: 'Guinness 500cc', amount: 5_990, full_name: 'Beto Soto', received_at: '2026-11-29T04:10:00Z' }];
    const panel = await openBill(user);
    await user.type(within(panel).getByLabelText('Total de la cuenta del bar'), '20000');
    await user.click(within(panel).getByRole('button', { name: 'Guardar el total' }));
    expect(await within(panel).findByText('Llegó después de repartir')).toBeVisible();
    expect(within(panel).getByRole('list', { name: 'Llegó después de repartir' })).toHaveTextContent(/^Guinness 500cc · \$5\.990 · Beto Soto · \d\d:\d\d$/);
  });

  it('asks first when a guest of honour moves what a guest who paid owes, and sends it confirmed on Sí, cambiar', async () => {
    const { user, bill, calls } = await anasBill();
    bill.movesPaid = 1;
    await user.click(screen.getByRole('button', { name: /Ana Pérez/ }));
    await user.click(await screen.findByRole('checkbox', { name: 'Invitado de honor: Ana Pérez' }));
    const question = await screen.findByRole('alertdialog', { name: 'Esto cambia la cuenta de 1 invitado que ya pagó.' });
    expect(screen.getByRole('checkbox', { name: 'Invitado de honor: Ana Pérez' })).not.toBeChecked();
    await user.click(within(question).getByRole('button', { name: 'Sí, cambiar' }));
    expect(await screen.findByText(/Invitado de honor: la fiesta paga su cuenta/)).toBeVisible();
    expect(calls.filter((call) => call.action === 'honour')).toEqual([
      { action: 'honour', guestId: 'g1', honoured: true },
      { action: 'honour', guestId: 'g1', honoured: true, confirm: true },
    ]);
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
