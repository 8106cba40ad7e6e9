/** The party's list on the guest's screen: searched, browsed, offered again ('Otra'), kept for no signal. */
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PRODUCTS } from '../../../supabase/functions/_shared/menu.ts';
import type { BackendConfig } from '../../../src/config/env-rules.ts';
import type { MenuItem } from '../../../src/db/index.ts';
import { db } from '../../../src/db/database.ts';
import { MENU_EVERY_MS } from '../../../src/menu/use-menu.ts';
import { guestTab } from '../../../src/tab/index.ts';
import { fakeCommentFetch } from '../../support/fake-comment-fetch.ts';
import { GUEST_ID, renderApp, searchField, storeGuest } from '../../support/render-app.tsx';

const backend = vi.hoisted(() => ({ current: null as BackendConfig | null }));

vi.mock('../../../src/config/env.ts', async (importOriginal) => {
  const { env } = await importOriginal<typeof import('../../../src/config/env.ts')>();
  return {
    env: {
      ...env,
      get backend() {
        return backend.current;
      },
    },
  };
});

// The outbox would talk to the same fake server; its own tests cover it.
vi.mock('../../../src/sync/hooks.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/sync/hooks.ts')>()),
  useSync: () => undefined,
  useSyncLine: () => null,
}));

const WAITING = 'Generando feedback sobre tu pedido, espera unos segundos...';

const PARTY = 'cumple-vale-2026-11';

/**
 * The built-in list as the host changed it: Aperol Spritz at $7.000, both
 * Tablas Irish sold out (the XL's name contains the other's), the house's pichanga added.
 */
function partyList(aperol = 7000, soldOut: readonly string[] = ['Tabla Irish', 'Tabla Irish XL']): MenuItem[] {
  const items = PRODUCTS.map((product) => ({
    ...product,
    price: product.name === 'Aperol Spritz' ? aperol : product.price,
    sold_out: soldOut.includes(product.name),
  }));
  return [...items, { name: 'Pichanga de la casa', price: 12990, category: 'Entradas', sold_out: false }];
}

/** The server: `party_menu` answers the list it holds now (or nothing, with no signal); comments stream; the rest knows nothing. */
function barServer() {
  const comments = fakeCommentFetch();
  const state = { list: partyList(), version: 1, signal: true };
  const asked: Headers[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!state.signal) return Promise.reject(new TypeError('Failed to fetch'));
    if (url.endsWith('/rest/v1/rpc/party_menu')) {
      asked.push(new Headers(init?.headers));
      const body = JSON.stringify({ version: `v${state.version}`, items: state.list });
      return Promise.resolve(new Response(body, { status: 200, headers: { 'Content-Type': 'application/json; charset=utf-8' } }));
    }
    return comments.page(input, init);
  });
  return { state, asked, comments };
}

const consumed = () => screen.getByRole('region', { name: 'Productos consumidos' });
const heardOnce = (asked: readonly Headers[]) => waitFor(() => expect(asked.length).toBeGreaterThan(0));
const kept = () => waitFor(async () => expect(await db.menus.count()).toBe(1));

beforeEach(() => {
  backend.current = { supabaseUrl: 'https://bar.example', supabaseAnonKey: 'anon.key' };
  storeGuest('Ana María');
});

describe('searching the party’s list', () => {
  it('shows the party’s price, its new dish, and not what is sold out', async () => {
    const { asked } = barServer();
    const { user } = renderApp();
    await heardOnce(asked);
    await user.type(searchField(), 'aperol');
    expect(await screen.findByText('$7.000')).toBeInTheDocument();
    await user.clear(searchField());
    await user.type(searchField(), 'tabla irish');
    expect(await screen.findByText('No encontramos «tabla irish» en la carta.')).toBeInTheDocument();
    await user.clear(searchField());
    await user.type(searchField(), 'pichanga');
    await user.click(await screen.findByRole('button', { name: 'Agregar Pichanga de la casa' }));
    expect(await within(consumed()).findByText('Pichanga de la casa')).toBeInTheDocument();
    await waitFor(async () =>
      expect((await db.orders.toArray()).map((order) => [order.product_name, order.product_price])).toEqual([['Pichanga de la casa', 12990]]),
    );
  });

  it('hides only what is sold out: the Tabla Irish XL is still found for "tabla irish"', async () => {
    const server = barServer();
    server.state.list = partyList(7000, ['Tabla Irish']);
    const { user } = renderApp();
    await heardOnce(server.asked);
    await kept();
    await user.type(searchField(), 'tabla irish');
    const found = within(screen.getByRole('list', { name: 'Productos encontrados' })).getAllByRole('button', { name: /^Agregar / });
    expect(found.map((button) => button.getAttribute('aria-label'))).toEqual(['Agregar Tabla Irish XL']);
  });

  it('names the guest and their party when it asks', async () => {
    localStorage.setItem('user', JSON.stringify({ id: GUEST_ID, full_name: 'Ana María', party: PARTY }));
    const { asked } = barServer();
    renderApp();
    await heardOnce(asked);
    expect(asked[0]?.get('x-guest-id')).toBe(GUEST_ID);
    expect(asked[0]?.get('x-party-code')).toBe(PARTY);
    await kept();
    expect((await db.menus.toArray()).map((record) => record.party)).toEqual([PARTY]);
  });

  it('shows a changed price once the phone asks again: every 45 s, when the signal returns, when the page shows again', async () => {
    expect(MENU_EVERY_MS).toBeLessThanOrEqual(60_000 - 8_000);
    const server = barServer();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const { user } = renderApp();
      await heardOnce(server.asked);
      await user.type(searchField(), 'aperol');
      expect(await screen.findByText('$7.000')).toBeInTheDocument();

      server.state.list = partyList(7500);
      server.state.version = 2;
      act(() => void vi.advanceTimersByTime(MENU_EVERY_MS));
      expect(await screen.findByText('$7.500')).toBeInTheDocument();

      server.state.list = partyList(8000);
      server.state.version = 3;
      act(() => void window.dispatchEvent(new Event('online')));
      expect(await screen.findByText('$8.000')).toBeInTheDocument();

      server.state.list = partyList(8500);
      server.state.version = 4;
      act(() => void document.dispatchEvent(new Event('visibilitychange')));
      expect(await screen.findByText('$8.500')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the list for the basement: opened again with no signal, the party’s list, not the built-in one', async () => {
    const server = barServer();
    const first = renderApp();
    await heardOnce(server.asked);
    await kept();
    first.unmount();

    server.state.signal = false;
    const { user } = renderApp();
    await user.type(searchField(), 'tabla irish');
    expect(await screen.findByText('No encontramos «tabla irish» en la carta.')).toBeInTheDocument();
    await user.clear(searchField());
    await user.type(searchField(), 'aperol');
    expect(await screen.findByText('$7.000')).toBeInTheDocument();
  });

  it('offers the built-in list while the phone never had its party’s', async () => {
    const server = barServer();
    server.state.signal = false;
    const { user } = renderApp();
    await user.type(searchField(), 'aperol');
    expect(await screen.findByText('$6.500')).toBeInTheDocument();
    await user.clear(searchField());
    await user.type(searchField(), 'tabla irish');
    expect(screen.getByRole('button', { name: 'Agregar Tabla Irish' })).toBeInTheDocument();
    expect(await db.menus.count()).toBe(0);
  });
});

describe('Otra, from the party’s list', () => {
  it('adds again at the list’s price now, and offers no Otra for a sold-out dish', async () => {
    await guestTab(GUEST_ID).addOrder({ name: 'Aperol Spritz', price: 6500 });
    await guestTab(GUEST_ID).addOrder({ name: 'Tabla Irish', price: 16990 });
    const { asked } = barServer();
    const { user } = renderApp();
    await heardOnce(asked);
    await kept();
    // The rows are on screen, with the party's list: Quitar for the sold-out dish, and no Otra.
    expect(await screen.findByRole('button', { name: 'Quitar Tabla Irish' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Otra Tabla Irish' })).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Otra Aperol Spritz' }));
    await waitFor(async () =>
      expect(
        (await db.orders.toArray())
          .filter((order) => order.product_name === 'Aperol Spritz')
          .map((order) => order.product_price)
          .sort(),
      ).toEqual([6500, 7000]),
    );
  });
});

describe('Ver la carta', () => {
  const toggle = () => screen.getByRole('button', { name: 'Ver la carta' });

  it('opens the list by category, in the list’s order, each line with its price and Agregar', async () => {
    const { asked } = barServer();
    const { user } = renderApp();
    await heardOnce(asked);
    await kept();
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: 'La carta' })).toBeNull();
    await user.click(toggle());
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    const list = screen.getByRole('region', { name: 'La carta' });
    expect(toggle()).toHaveAttribute('aria-controls', list.id);
    const headings = within(list)
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    expect(headings.slice(0, 4)).toEqual(['Cervezas', 'Cócteles', 'Pisco', 'Ron']);
    expect(headings).toHaveLength(22);
    const cocktails = within(list).getByRole('region', { name: 'Cócteles' });
    const aperol = within(cocktails).getByRole('button', { name: 'Agregar Aperol Spritz' }).closest('li');
    expect(aperol).toHaveTextContent('Aperol Spritz$7.000Agregar');
    const starters = within(list).getByRole('region', { name: 'Entradas' });
    expect(within(starters).queryByRole('button', { name: 'Agregar Tabla Irish' })).toBeNull();
    expect(
      within(starters)
        .getAllByRole('button', { name: /^Agregar / })
        .at(-1),
    ).toHaveAccessibleName('Agregar Pichanga de la casa');
  });

  it('adds with one tap, as a suggestion does: on the tab, with its comment, and the list closes', async () => {
    const { asked, comments } = barServer();
    const { user } = renderApp();
    await heardOnce(asked);
    await user.click(toggle());
    await user.click(within(screen.getByRole('region', { name: 'La carta' })).getByRole('button', { name: 'Agregar Pichanga de la casa' }));
    expect(await within(consumed()).findByText('Pichanga de la casa')).toBeInTheDocument();
    expect(within(consumed()).getAllByText('$12.990')).not.toHaveLength(0);
    expect(await screen.findByText(WAITING)).toBeInTheDocument();
    await waitFor(() => expect(comments.calls).toHaveLength(1));
    expect(comments.call(0).body).toMatchObject({ product: { name: 'Pichanga de la casa', price: 12990 } });
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: 'La carta' })).toBeNull();
  });

  it('works from the keyboard: Escape closes it and gives focus back; typing a search closes it too', async () => {
    barServer();
    const { user } = renderApp();
    await user.type(searchField(), 'ap');
    toggle().focus();
    await user.keyboard('{Enter}');
    expect(searchField()).toHaveValue('');
    const list = screen.getByRole('region', { name: 'La carta' });
    // The categories come first (a category's button leads on to its products: the next test).
    await user.tab();
    expect(within(within(list).getByRole('navigation', { name: 'Categorías de la carta' })).getAllByRole('button')[0]).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'La carta' })).toBeNull();
    expect(toggle()).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('region', { name: 'La carta' })).toBeInTheDocument();
    await user.type(searchField(), 'pi');
    expect(screen.queryByRole('region', { name: 'La carta' })).toBeNull();
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
  });

  it('adds from the keyboard and brings the focus back to the search, as a suggestion does', async () => {
    barServer();
    const { user } = renderApp();
    toggle().focus();
    await user.keyboard('{Enter}');
    // A category's button takes the focus to its heading; the next Tab is its first product's 'Agregar'.
    await user.tab();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('heading', { name: 'Cervezas' })).toHaveFocus();
    await user.tab();
    await user.keyboard('{Enter}');
    expect(await within(consumed()).findByText('Guinness 300cc')).toBeInTheDocument();
    expect(searchField()).toHaveFocus();
  });
});
