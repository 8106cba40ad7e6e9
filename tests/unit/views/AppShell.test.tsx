import { act, screen } from '@testing-library/react';
import Dexie from 'dexie';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../src/db/database.ts';
import { guestTab } from '../../../src/tab/index.ts';
import { GUEST_ID, renderApp, searchField, storeGuest } from '../../support/render-app.tsx';

const update = vi.hoisted(() => ({
  needRefresh: false,
  setNeedRefresh: vi.fn(),
  updateServiceWorker: vi.fn(() => Promise.resolve()),
}));

vi.mock('../../../src/pwa/register-sw.ts', () => ({
  useRegisterSW: () => ({
    needRefresh: [update.needRefresh, update.setNeedRefresh],
    offlineReady: [false, vi.fn()],
    updateServiceWorker: update.updateServiceWorker,
  }),
}));

beforeEach(() => {
  update.needRefresh = false;
});

describe('the update prompt', () => {
  it('stays away while no new version waits, its live region already in the page', () => {
    const { container } = renderApp();
    expect(screen.queryByText('Hay una versión nueva')).toBeNull();
    expect(container.querySelector('[aria-live="polite"]:empty')).not.toBeNull();
  });

  it('offers the waiting version and activates it only on Actualizar', async () => {
    update.needRefresh = true;
    storeGuest();
    await guestTab(GUEST_ID).addOrder({ name: 'Aperol Spritz', price: 6500 });
    const { user } = renderApp();
    const prompt = screen.getByRole('region', { name: 'Actualización' });
    expect(prompt).toHaveTextContent('Hay una versión nueva');
    expect(prompt.closest('[aria-live="polite"]')).not.toBeNull();
    expect(update.updateServiceWorker).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Actualizar' }));
    expect(update.updateServiceWorker).toHaveBeenCalledTimes(1);
    expect(await db.orders.count()).toBe(1);
  });

  it('can be put off', async () => {
    update.needRefresh = true;
    const { user } = renderApp();
    await user.click(screen.getByRole('button', { name: 'Ahora no' }));
    expect(update.setNeedRefresh).toHaveBeenCalledWith(false);
    expect(update.updateServiceWorker).not.toHaveBeenCalled();
  });
});

describe('when the phone will not keep data', () => {
  it('says so in Spanish instead of showing a blank page', async () => {
    vi.spyOn(db, 'open').mockRejectedValue(new Dexie.MissingAPIError('IndexedDB API missing'));
    storeGuest();
    renderApp();
    expect(await screen.findByRole('alert')).toHaveTextContent('No podemos guardar tu cuenta en este teléfono');
    expect(screen.queryByPlaceholderText('Pisco Mistral')).toBeNull();
  });

  it('tells the guest when one pick could not be saved, and keeps the app usable', async () => {
    storeGuest();
    const { user } = renderApp();
    await screen.findByText('No has agregado productos.');
    vi.spyOn(IDBObjectStore.prototype, 'add').mockImplementationOnce(() => {
      throw new DOMException('disk full', 'QuotaExceededError');
    });
    await user.type(searchField(), 'aperol');
    await user.click(screen.getByRole('button', { name: 'Agregar Aperol Spritz' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo guardar en este teléfono. Intenta de nuevo.');
    await user.type(searchField(), 'aperol');
    await user.click(screen.getByRole('button', { name: 'Agregar Aperol Spritz' }));
    await act(async () => {
      await vi.waitFor(async () => expect(await db.orders.count()).toBe(1));
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
