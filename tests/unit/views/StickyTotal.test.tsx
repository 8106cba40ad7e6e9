/** The total always at hand: a bar at the bottom while the totals are below the screen. */
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { guestTab } from '../../../src/tab/index.ts';
import { GUEST_ID, heardParty, renderApp, storeGuest } from '../../support/render-app.tsx';

vi.mock('../../../src/config/env.ts', async (importOriginal) => {
  const { env } = await importOriginal<typeof import('../../../src/config/env.ts')>();
  return { env: { ...env, backend: { supabaseUrl: 'https://bar.example', supabaseAnonKey: 'anon.key' } } };
});

vi.mock('../../../src/sync/hooks.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/sync/hooks.ts')>()),
  useSync: () => undefined,
}));

/** jsdom has no layout: the test says where the totals are. */
class FakeObserver {
  static current: FakeObserver | undefined;
  readonly observed: Element[] = [];
  constructor(readonly report: IntersectionObserverCallback) {
    FakeObserver.current = this;
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.observed.length = 0;
  }
  /** The totals are below the screen (top > 0, not seen) or in view. */
  place(where: 'below' | 'in view' | 'above') {
    const target = this.observed[0];
    if (!target) throw new Error('nothing observed');
    const top = where === 'below' ? 900 : where === 'above' ? -400 : 300;
    const entry = { target, isIntersecting: where === 'in view', boundingClientRect: { top } } as unknown as IntersectionObserverEntry;
    act(() => this.report([entry], this as unknown as IntersectionObserver));
  }
}

const scrollIntoView = vi.fn();

beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  Element.prototype.scrollIntoView = scrollIntoView;
});

afterEach(() => {
  Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
});

const bar = () => screen.queryByRole('button', { name: /^Total con propina/ });

describe('the sticky total', () => {
  it('shows the tipped total and the sync state while the totals are below the screen, and goes there on a tap', async () => {
    storeGuest();
    heardParty('https://pago.example/vale');
    await guestTab(GUEST_ID).addOrder({ name: 'Tabla Irish', price: 16990 });
    await guestTab(GUEST_ID).addOrder({ name: 'Aperol Spritz', price: 6500 });
    const { user } = renderApp();
    const consumed = screen.getByRole('region', { name: 'Productos consumidos' });
    await within(consumed).findByText('Tabla Irish');
    expect(bar()).toBeNull();
    const observer = FakeObserver.current;
    if (!observer) throw new Error('the totals are not observed');
    expect(observer.observed[0]).toContainElement(within(consumed).getByText('Total con propina'));
    expect(observer.observed[0]).toContainElement(screen.getByRole('link', { name: 'Ir a pagar' }));

    observer.place('below');
    // Two orders wait in the queue and no engine sends them here: the compact state says so, once the queue is read.
    await vi.waitFor(() => expect(bar()).toHaveTextContent('Total con propina$25.839Enviando…'));
    const shown = bar();
    await user.click(shown as HTMLElement);
    expect(scrollIntoView).toHaveBeenCalledWith(expect.objectContaining({ block: 'nearest' }));
    expect(scrollIntoView.mock.contexts[0]).toBe(observer.observed[0]);
    expect(observer.observed[0]).toHaveFocus();

    observer.place('in view');
    expect(bar()).toBeNull();
    observer.place('above');
    expect(bar()).toBeNull();
  });

  it('is never there for an empty tab', async () => {
    storeGuest();
    renderApp();
    await screen.findByText('No has agregado productos.');
    FakeObserver.current?.place('below');
    expect(bar()).toBeNull();
  });
});
