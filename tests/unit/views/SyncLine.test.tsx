/** The status line offers 'Reintentar' for what the server refused, and it puts those changes back in the queue. */
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { db } from '../../../src/db/database.ts';
import { guestTab } from '../../../src/tab/index.ts';
import { GUEST_ID, renderApp, storeGuest } from '../../support/render-app.tsx';

vi.mock('../../../src/config/env.ts', async (importOriginal) => {
  const { env } = await importOriginal<typeof import('../../../src/config/env.ts')>();
  return { env: { ...env, backend: { supabaseUrl: 'https://bar.example', supabaseAnonKey: 'anon.key' } } };
});

// No engine: this test is about the line and the button; the queue's own tests flush.
vi.mock('../../../src/sync/hooks.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/sync/hooks.ts')>()),
  useSync: () => undefined,
}));

vi.mock('../../../src/pwa/register-sw.ts', () => ({
  useRegisterSW: () => ({ needRefresh: [false, vi.fn()], offlineReady: [false, vi.fn()], updateServiceWorker: vi.fn() }),
}));

describe('refused changes in the status line', () => {
  it('offers Reintentar, which queues them again as new entries', async () => {
    storeGuest('Ana María');
    const order = await guestTab(GUEST_ID).addOrder({ name: 'Aperol Spritz', price: 6500 });
    const [entry] = await db.outbox.toArray();
    await db.outbox.clear();
    await db.parked.add({ entry, error: 'HTTP 409 · 23503', parkedAt: 0, appVersion: 'x' });
    await db.orders.update(order.id, { rejected: 'HTTP 409 · 23503' });

    const { user } = renderApp();
    expect(await screen.findByText('1 pedido no aceptado por el servidor; sigue en este teléfono.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));

    expect(await screen.findByText(/Enviando 1 cambio pendiente/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reintentar' })).toBeNull();
    expect(await db.parked.count()).toBe(0);
    const [queued] = await db.outbox.toArray();
    expect(queued).toMatchObject({ kind: 'insert-order', row: { id: order.id } });
    expect(queued?.seq).toBeGreaterThan(entry?.seq ?? Infinity);
    expect((await db.orders.get(order.id))?.rejected).toBeUndefined();
  });
});
