/** When the bar's server refuses the guest's name, the app asks for it again and keeps the tab. */
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { phoneDatabase } from '../../../src/db/index.ts';
import { db } from '../../../src/db/database.ts';
import { guestRows } from '../../../src/tab/index.ts';
import { guestTab } from '../../../src/tab/index.ts';
import { GUEST_ID, renderApp, storeGuest } from '../../support/render-app.tsx';

vi.mock('../../../src/pwa/register-sw.ts', () => ({
  useRegisterSW: () => ({ needRefresh: [false, vi.fn()], offlineReady: [false, vi.fn()], updateServiceWorker: vi.fn() }),
}));

async function refusedGuest(name: string) {
  storeGuest(name);
  await guestRows(phoneDatabase).queueGuest({ id: GUEST_ID, full_name: name });
  const [entry] = await db.outbox.toArray();
  await db.outbox.clear();
  await db.parked.add({ entry, error: 'HTTP 400 · 23514 · check violation', parkedAt: 0 });
  await db.guests.update(GUEST_ID, { state: 'refused', refusal: 'HTTP 400 · 23514' });
}

describe('a name the bar refused', () => {
  it('shows the name form again with the reason, and the fixed name goes as the same guest, tab kept', async () => {
    await refusedGuest('El Zorro');
    const order = await guestTab(GUEST_ID).addOrder({ name: 'Aperol Spritz', price: 6500 });
    const { user } = renderApp();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'El bar no aceptó el nombre «El Zorro». Escríbelo de nuevo: tu cuenta sigue guardada en este teléfono.',
    );
    expect(screen.queryByText('Productos consumidos')).toBeNull();

    await user.type(screen.getByPlaceholderText('Tu nombre real'), 'Diego de la Vega');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));

    expect(await screen.findByText('Productos consumidos')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toEqual({ id: GUEST_ID, full_name: 'Diego de la Vega' });
    expect(await db.guests.get(GUEST_ID)).toMatchObject({ state: 'queued', full_name: 'Diego de la Vega' });
    expect(await db.parked.count()).toBe(0);
    const queued = await db.outbox.toArray();
    expect(queued.map((entry) => entry.kind).sort()).toEqual(['insert-order', 'insert-user']);
    expect(await db.orders.get(order.id)).toMatchObject({ active: true });
  });
});
