/** Installing: the browser's prompt behind 'Instalar La Cuenta', the Share hint on iOS Safari, nothing once installed. */
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchInstallOffers } from '../../../src/pwa/index.ts';
import { renderApp, storeGuest } from '../../support/render-app.tsx';

const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const HINT = 'Para instalarla: toca Compartir y luego «Agregar a inicio».';

function offerInstall() {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(() => Promise.resolve()),
    userChoice: Promise.resolve({ outcome: 'dismissed' as const }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

let stopWatching: () => void = () => undefined;
beforeEach(() => {
  stopWatching = watchInstallOffers(window);
});
afterEach(() => {
  act(() => stopWatching());
  Reflect.deleteProperty(navigator, 'standalone');
});

describe('installing the app', () => {
  it('offers nothing until the browser does, then opens its prompt from Instalar La Cuenta', async () => {
    const { user } = renderApp();
    expect(screen.queryByRole('button', { name: 'Instalar La Cuenta' })).toBeNull();
    const event = offerInstall();
    await user.click(screen.getByRole('button', { name: 'Instalar La Cuenta' }));
    expect(event.prompt).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Instalar La Cuenta' })).toBeNull();
  });

  it('is there on the tab too, inside the page’s main landmark', () => {
    storeGuest();
    renderApp();
    offerInstall();
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('button', { name: 'Instalar La Cuenta' }));
  });

  it('shows the Share hint on iOS Safari until Entendido, for good', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE_SAFARI);
    const { user, unmount } = renderApp();
    expect(screen.getByText(HINT)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Entendido' }));
    expect(screen.queryByText(HINT)).toBeNull();
    unmount();
    renderApp();
    expect(screen.queryByText(HINT)).toBeNull();
  });

  it('shows nothing of this when the app already runs installed', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE_SAFARI);
    Object.defineProperty(navigator, 'standalone', { value: true, configurable: true });
    renderApp();
    offerInstall();
    expect(screen.queryByText(HINT)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Instalar La Cuenta' })).toBeNull();
  });
});
