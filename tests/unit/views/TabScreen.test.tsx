import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { db } from '../../../src/db/database.ts';
import { guestTab } from '../../../src/tab/index.ts';
import { GUEST_ID, renderApp, searchField, storeGuest } from '../../support/render-app.tsx';

// A build with its own payment page (VITE_PAYMENT_URL) and no server: the tab stays on the phone and pays there.
vi.mock('../../../src/config/env.ts', async (importOriginal) => {
  const { env } = await importOriginal<typeof import('../../../src/config/env.ts')>();
  return { env: { ...env, paymentUrl: 'https://pago.example/bar-tab' } };
});

const consumed = () => screen.getByRole('region', { name: 'Productos consumidos' });
const totalOf = (label: string) => within(consumed()).getByText(label).nextElementSibling?.textContent;

describe('adding products (view 2)', () => {
  it('greets the guest and shows suggestions only from 2 characters', async () => {
    storeGuest('Ana');
    const { user } = renderApp();
    expect(screen.getByLabelText('Escribe lo que pediste, Ana')).toBe(searchField());
    await user.type(searchField(), 'a');
    expect(screen.queryByRole('button', { name: /^Agregar/ })).toBeNull();
    await user.type(searchField(), 'p');
    expect(screen.getAllByRole('button', { name: /^Agregar/ }).length).toBeGreaterThan(0);
  });

  it('shows each match with its name, formatted price and Agregar', async () => {
    storeGuest();
    const { user } = renderApp();
    await user.type(searchField(), 'aperol');
    const row = screen.getByText('Aperol Spritz').closest('li');
    expect(row).not.toBeNull();
    const inRow = within(row as HTMLElement);
    expect(inRow.getByText('$6.500')).toBeInTheDocument();
    expect(inRow.getByRole('button', { name: 'Agregar Aperol Spritz' })).toHaveTextContent('Agregar');
  });

  it('adds the pick to the tab, clears the field and updates both totals', async () => {
    storeGuest();
    const { user } = renderApp();
    await user.type(searchField(), 'summer ale 5');
    await user.click(screen.getByRole('button', { name: 'Agregar Summer Ale 500cc' }));
    expect(searchField()).toHaveValue('');
    expect(await within(consumed()).findByText('Summer Ale 500cc')).toBeInTheDocument();
    expect(totalOf('Total sin propina')).toBe('$4.400');
    expect(totalOf('Total con propina')).toBe('$4.840');
    const [stored] = await db.orders.toArray();
    expect(stored).toMatchObject({ user_id: GUEST_ID, product_name: 'Summer Ale 500cc', product_price: 4400, active: true });
  });

  it('lets a keyboard user reach and press Agregar, then type the next pick', async () => {
    storeGuest();
    const { user } = renderApp();
    await user.click(searchField());
    await user.keyboard('tabla irish');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Agregar Tabla Irish' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await within(consumed()).findByText('Tabla Irish')).toBeInTheDocument();
    expect(searchField()).toHaveFocus();
  });

  it('survives awkward searches without suggestions or errors', async () => {
    storeGuest();
    const { user } = renderApp();
    for (const query of ['((', '**', '\\\\', '🍺🍺', 'x'.repeat(500)]) {
      await user.clear(searchField());
      await user.click(searchField());
      await user.paste(query);
      expect(searchField()).toHaveValue(query);
      expect(screen.queryByRole('button', { name: /^Agregar/ })).toBeNull();
    }
  });
});

describe('the consumed products (view 3)', () => {
  it('says the tab is empty and hides payment and reset', async () => {
    storeGuest();
    renderApp();
    expect(await screen.findByText('No has agregado productos.')).toBeInTheDocument();
    expect(totalOf('Total sin propina')).toBe('$0');
    expect(screen.queryByText('Ir a pagar')).toBeNull();
    expect(screen.queryByText('Mostrar botón resetear')).toBeNull();
  });

  it('lists orders newest first, with Error for a broken price', async () => {
    storeGuest();
    await guestTab(GUEST_ID).addOrder({ name: 'Aperol Spritz', price: 6500 });
    await guestTab(GUEST_ID).addOrder({ name: 'Misterio', price: 0 });
    await guestTab(GUEST_ID).addOrder({ name: 'Tabla Irish', price: 16990 });
    renderApp();
    await within(consumed()).findByText('Tabla Irish');
    const rows = within(consumed())
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(rows).toEqual(['Tabla Irish$16.990', 'MisterioError', 'Aperol Spritz$6.500']);
    expect(totalOf('Total sin propina')).toBe('$23.490');
    expect(totalOf('Total con propina')).toBe('$25.839');
  });

  it('pays the tipped total or another amount, in a new tab', async () => {
    storeGuest();
    await guestTab(GUEST_ID).addOrder({ name: 'Tabla Irish', price: 16990 });
    renderApp();
    expect(await screen.findByText('Solo paga al final, cuando ya te hayas ido del bar.')).toBeInTheDocument();
    const pay = screen.getByRole('link', { name: 'Ir a pagar' });
    const other = screen.getByRole('link', { name: 'Ir a pagar otro monto' });
    expect(pay).toHaveAttribute('href', 'https://pago.example/bar-tab/18689');
    expect(other).toHaveAttribute('href', 'https://pago.example/bar-tab');
    for (const link of [pay, other]) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  it('reveals the reset behind a toggle, and resetting empties the tab and the comment history', async () => {
    storeGuest();
    await guestTab(GUEST_ID).addOrder({ name: 'Aperol Spritz', price: 6500 });
    await guestTab('2f1c4b7e-93d2-4c36-9d5f-0e8e2f4a6b17').addOrder({ name: 'Tabla Irish', price: 16990 });
    localStorage.setItem('previousJokes', JSON.stringify(['¡Salud!']));
    const { user } = renderApp();
    const toggle = await screen.findByRole('button', { name: 'Mostrar botón resetear' });
    expect(screen.queryByRole('button', { name: 'Estaba jugando, resetear lo consumido' })).toBeNull();
    await user.click(toggle);
    expect(toggle).toHaveTextContent('Ocultar botón resetear');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('button', { name: 'Estaba jugando, resetear lo consumido' }));
    expect(await screen.findByText('No has agregado productos.')).toBeInTheDocument();
    expect(localStorage.getItem('previousJokes')).toBeNull();
    await waitFor(async () => {
      expect((await db.orders.toArray()).map((order) => [order.product_name, order.active])).toEqual(
        expect.arrayContaining([
          ['Aperol Spritz', false],
          ['Tabla Irish', true],
        ]),
      );
    });
  });

  it('hides the reset button again with the toggle', async () => {
    storeGuest();
    await guestTab(GUEST_ID).addOrder({ name: 'Aperol Spritz', price: 6500 });
    const { user } = renderApp();
    await user.click(await screen.findByRole('button', { name: 'Mostrar botón resetear' }));
    await user.click(screen.getByRole('button', { name: 'Ocultar botón resetear' }));
    expect(screen.queryByRole('button', { name: 'Estaba jugando, resetear lo consumido' })).toBeNull();
  });

  it('shows an order written elsewhere (another tab) without a reload', async () => {
    storeGuest();
    renderApp();
    await screen.findByText('No has agregado productos.');
    await guestTab(GUEST_ID).addOrder({ name: 'Extra por chelada', price: 1000 });
    expect(await within(consumed()).findByText('Extra por chelada')).toBeInTheDocument();
  });
});
