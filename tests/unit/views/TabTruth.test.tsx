/**
 * The tab shows only what the phone holds: no total before the stored tab is
 * read (a read held back on purpose), and a pick the server refused stays on
 * the tab, struck through with its reason and 'Quitar', out of both totals and
 * out of 'Ir a pagar'.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { db, phoneDatabase } from '../../../src/db/database.ts';
import type { Order } from '../../../src/tab/index.ts';
import { guestTab } from '../../../src/tab/index.ts';
import { GUEST_ID, heardParty, renderApp, storeGuest } from '../../support/render-app.tsx';

vi.mock('../../../src/config/env.ts', async (importOriginal) => {
  const { env } = await importOriginal<typeof import('../../../src/config/env.ts')>();
  return { env: { ...env, backend: { supabaseUrl: 'https://bar.example', supabaseAnonKey: 'anon.key' } } };
});

// No engine and no party status: the tab's own reads are what these tests hold.
vi.mock('../../../src/sync/hooks.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/sync/hooks.ts')>()),
  useSync: () => undefined,
}));

const consumed = () => screen.getByRole('region', { name: 'Productos consumidos' });
const totalOf = (label: string) => within(consumed()).getByText(label).nextElementSibling?.textContent;
const CLOSED_PARTY = 'HTTP 400 · 23514 · party_closed: the party is over, no orders tapped after it';

const stored = (name: string, price: number, minute: number, rejected?: string): Order => ({
  id: crypto.randomUUID(),
  user_id: GUEST_ID,
  product_name: name,
  product_price: price,
  active: true,
  created_at: `2026-11-28T23:${String(minute).padStart(2, '0')}:00.000Z`,
  ...(rejected === undefined ? {} : { rejected }),
});

/** Holds every read of the guest's orders until `release`: the phone is slow to read its tab. */
function slowTabReads() {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const read = phoneDatabase.read.bind(phoneDatabase);
  const spy = vi.spyOn(phoneDatabase, 'read').mockImplementation(async (stores, body) => {
    // The tab's read (its orders, and the bar's bill beside them).
    if (stores.includes('orders') && !stores.includes('outbox')) await gate;
    return read(stores, body);
  });
  return { release, restore: () => spy.mockRestore() };
}

describe('a tab reopened', () => {
  it('shows no total until the stored tab is read, then $21.390', async () => {
    storeGuest();
    await db.orders.bulkAdd([stored('Tabla Irish', 16990, 1), stored('Summer Ale 500cc', 4400, 2)]);
    const reads = slowTabReads();
    try {
      renderApp();
      const section = consumed();
      // The tab is on screen and its read is held: no figure the phone does not hold.
      expect(section).toHaveAttribute('aria-busy', 'true');
      expect(within(section).queryByText(/\$/)).toBeNull();
      expect(section.querySelector('.totals')).not.toBeNull();
      expect(screen.queryByRole('link', { name: 'Ir a pagar' })).toBeNull();
      // Nor once React has done everything it would do before the read answers.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(within(section).queryByText(/\$/)).toBeNull();
      reads.release();
      await waitFor(() => expect(totalOf('Total sin propina')).toBe('$21.390'));
      expect(totalOf('Total con propina')).toBe('$23.529');
      expect(section).toHaveAttribute('aria-busy', 'false');
    } finally {
      reads.restore();
    }
  });

  it('shows $0 once it has read an empty tab', async () => {
    storeGuest();
    renderApp();
    expect(await screen.findByText('No has agregado productos.')).toBeInTheDocument();
    expect(totalOf('Total sin propina')).toBe('$0');
  });
});

describe('a pick the server refused', () => {
  it('stays on the tab struck through, with its reason and Quitar, and counts in no total', async () => {
    storeGuest();
    heardParty('https://pago.example/vale');
    await db.orders.bulkAdd([stored('Summer Ale 500cc', 4400, 1), stored('Tabla Irish', 16990, 2, CLOSED_PARTY)]);
    const { user } = renderApp();
    const tab = within(consumed());
    const refused = (await tab.findByText('Tabla Irish')).closest('[role="listitem"]') as HTMLElement;
    expect(refused).toHaveAttribute('data-refused', 'true');
    expect(refused).toHaveTextContent('No aceptado: la fiesta ya había terminado. No suma al total.');
    expect(within(refused).getByRole('button', { name: 'Quitar Tabla Irish' })).toBeInTheDocument();
    expect(totalOf('Total sin propina')).toBe('$4.400');
    expect(totalOf('Total con propina')).toBe('$4.840');
    expect(tab.getByRole('link', { name: 'Ir a pagar' }).getAttribute('href')).toMatch(/\/4840$/);

    await user.click(within(refused).getByRole('button', { name: 'Quitar Tabla Irish' }));
    await waitFor(() => expect(tab.queryByText('Tabla Irish')).toBeNull());
    expect(totalOf('Total sin propina')).toBe('$4.400');
  });

  it('counts again once the server is asked again (Reintentar clears the mark)', async () => {
    storeGuest();
    const order = await guestTab(GUEST_ID).addOrder({ name: 'Aperol Spritz', price: 6500 });
    await db.orders.update(order.id, { rejected: CLOSED_PARTY });
    renderApp();
    await within(consumed()).findByText('Aperol Spritz');
    expect(totalOf('Total sin propina')).toBe('$0');
    await db.orders.update(order.id, { rejected: undefined });
    await waitFor(() => expect(totalOf('Total sin propina')).toBe('$6.500'));
  });
});
