import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BackendConfig } from '../../../src/config/env-rules.ts';
import { fakeCommentFetch } from '../../support/fake-comment-fetch.ts';
import { renderApp, searchField, storeGuest } from '../../support/render-app.tsx';

const WAITING = 'Generando feedback sobre tu pedido, espera unos segundos...';
const OFFLINE = 'Sin señal: el comentario llega cuando vuelva la conexión.';

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

// The sync engine would talk to the same fake backend; its own tests cover it.
vi.mock('../../../src/sync/hooks.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/sync/hooks.ts')>()),
  useSync: () => undefined,
  useSyncLine: () => null,
}));

let server = fakeCommentFetch();

beforeEach(() => {
  backend.current = { supabaseUrl: 'https://bar.example', supabaseAnonKey: 'anon.key' };
  server = fakeCommentFetch();
  vi.stubGlobal('fetch', server.page);
  storeGuest('Ana María');
});

const PICKS = {
  'Aperol Spritz': 'aperol',
  'Tabla Irish': 'tabla irish',
  'Summer Ale 500cc': 'summer ale 5',
} as const;

async function order(user: UserEvent, product: keyof typeof PICKS) {
  await user.type(searchField(), PICKS[product]);
  await user.click(screen.getByRole('button', { name: `Agregar ${product}` }));
}

const consumed = () => screen.getByRole('region', { name: 'Productos consumidos' });
const connectivity = () => vi.spyOn(navigator, 'onLine', 'get');
const sayOnline = () =>
  act(() => {
    window.dispatchEvent(new Event('online'));
  });

async function finishComment(index: number, text: string) {
  await waitFor(() => expect(server.calls.length).toBeGreaterThan(index));
  server.call(index).send(text);
  server.call(index).finish();
  await screen.findByText(text);
}

describe('the comment on each pick', () => {
  it('waits with the message until the first chunk, then streams the comment into a polite live region', async () => {
    const { user } = renderApp();
    await order(user, 'Aperol Spritz');
    const waiting = await screen.findByText(WAITING);
    const region = waiting.closest('[aria-live]');
    expect(region).toHaveAttribute('aria-live', 'polite');
    server.call(0).send('Ana María, ese Aperol');
    expect(await within(region as HTMLElement).findByText('Ana María, ese Aperol')).toBeInTheDocument();
    expect(screen.queryByText(WAITING)).toBeNull();
    server.call(0).send(' te queda regio.');
    expect(await screen.findByText('Ana María, ese Aperol te queda regio.')).toBeInTheDocument();
    server.call(0).finish();
    expect(server.call(0).body).toEqual({
      guestId: '8a6e0804-2bd0-4672-b79e-d4b259de3b01',
      orderId: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      name: 'Ana María',
      product: { name: 'Aperol Spritz', price: 6500 },
      previousProducts: [],
    });
  });

  it('shows the comment as text, never as markup', async () => {
    const { user } = renderApp();
    await order(user, 'Aperol Spritz');
    await finishComment(0, '<b>Salud</b> <img src=x>');
    expect(document.querySelector('.order-comment b, .order-comment img')).toBeNull();
  });

  it('pushes the comment showing to previousJokes before clearing it, and sends the earlier picks', async () => {
    const { user } = renderApp();
    await order(user, 'Aperol Spritz');
    await finishComment(0, 'Primera ronda, Ana.');
    await order(user, 'Tabla Irish');
    expect(await screen.findByText(WAITING)).toBeInTheDocument();
    expect(screen.queryByText('Primera ronda, Ana.')).toBeNull();
    expect(JSON.parse(localStorage.getItem('previousJokes') ?? '')).toEqual(['Primera ronda, Ana.']);
    await waitFor(() => expect(server.calls).toHaveLength(2));
    expect(server.call(1).body).toMatchObject({ previousProducts: ['Aperol Spritz'], previousComment: 'Primera ronda, Ana.' });
  });

  it('offline, tells the guest and asks nothing; back online, asks once, for the latest pick', async () => {
    const onLine = connectivity().mockReturnValue(false);
    const { user } = renderApp();
    await order(user, 'Aperol Spritz');
    expect(await screen.findByText(OFFLINE)).toBeInTheDocument();
    await order(user, 'Tabla Irish');
    expect(await within(consumed()).findByText('Tabla Irish')).toBeInTheDocument();
    // The row shows before the phone has stored the pick; its comment is kept for later once it has.
    await waitFor(() => expect(localStorage.getItem('currentJoke')).toContain('Tabla Irish'));
    expect(server.fetch).not.toHaveBeenCalled();
    onLine.mockReturnValue(true);
    sayOnline();
    expect(await screen.findByText(WAITING)).toBeInTheDocument();
    sayOnline();
    expect(server.calls.map((call) => call.body.product)).toEqual([{ name: 'Tabla Irish', price: 16990 }]);
    await finishComment(0, 'Por fin, la tabla.');
    sayOnline();
    expect(server.fetch).toHaveBeenCalledTimes(1);
  });

  it('reset clears the comment, the history and the running stream', async () => {
    const { user } = renderApp();
    await order(user, 'Aperol Spritz');
    await finishComment(0, 'Uno.');
    await order(user, 'Tabla Irish');
    await waitFor(() => expect(server.calls).toHaveLength(2));
    server.call(1).send('Dos a medias');
    await screen.findByText('Dos a medias');
    await user.click(screen.getByRole('button', { name: 'Mostrar botón resetear' }));
    await user.click(screen.getByRole('button', { name: 'Estaba jugando, resetear lo consumido' }));
    expect(await screen.findByText('No has agregado productos.')).toBeInTheDocument();
    expect(screen.queryByText('Dos a medias')).toBeNull();
    expect(server.call(1).signal?.aborted).toBe(true);
    expect(localStorage.getItem('previousJokes')).toBeNull();
  });

  it('ends the waiting quietly when the comment fails, and the next pick still goes in', async () => {
    const { user } = renderApp();
    await order(user, 'Aperol Spritz');
    await screen.findByText(WAITING);
    server.call(0).refuse(500);
    await waitFor(() => expect(screen.queryByText(WAITING)).toBeNull());
    await order(user, 'Summer Ale 500cc');
    expect(await within(consumed()).findByText('Summer Ale 500cc')).toBeInTheDocument();
    await screen.findByText(WAITING);
    // A pick soon after the last one is asked about once the burst is over.
    await waitFor(() => expect(server.calls).toHaveLength(2));
    server.call(1).fail();
    await waitFor(() => expect(screen.queryByText(WAITING)).toBeNull());
    expect(document.querySelector('.order-comment')).toBeEmptyDOMElement();
    // No room kept for a comment that is not coming: no empty band under the form.
    expect(document.querySelector('.order-comment')).not.toHaveClass('order-comment-coming');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps the comment’s room only while it is on its way', async () => {
    const { user } = renderApp();
    const region = () => document.querySelector('.order-comment');
    expect(region()).not.toHaveClass('order-comment-coming');
    await order(user, 'Aperol Spritz');
    await waitFor(() => expect(region()).toHaveClass('order-comment-coming'));
    await waitFor(() => expect(server.calls).toHaveLength(1));
    server.call(0).send('Va');
    await screen.findByText('Va');
    expect(region()).toHaveClass('order-comment-coming');
    server.call(0).finish();
    await waitFor(() => expect(region()).not.toHaveClass('order-comment-coming'));
    expect(screen.getByText('Va')).toBeInTheDocument();
  });

  it('asks for a comment on Otra too, as on Agregar', async () => {
    const { user } = renderApp();
    await order(user, 'Tabla Irish');
    await finishComment(0, 'Esa tabla, Ana.');
    await user.click(screen.getByRole('button', { name: 'Otra Tabla Irish' }));
    await waitFor(() => expect(server.calls).toHaveLength(2));
    expect(server.call(1).body).toMatchObject({
      product: { name: 'Tabla Irish', price: 16990 },
      previousProducts: ['Tabla Irish'],
      previousComment: 'Esa tabla, Ana.',
      recentComments: ['Esa tabla, Ana.'],
    });
  });

  it('keeps the comment on screen through a reload', async () => {
    const { user, unmount } = renderApp();
    await order(user, 'Aperol Spritz');
    await finishComment(0, 'Ese Aperol brilla, Ana.');
    unmount();
    renderApp();
    expect(await screen.findByText('Ese Aperol brilla, Ana.')).toBeInTheDocument();
    expect(server.calls).toHaveLength(1);
  });

  it('keeps a comment waiting for the signal through a reload, and asks once the signal is back', async () => {
    const onLine = connectivity().mockReturnValue(false);
    const first = renderApp();
    await order(first.user, 'Tabla Irish');
    expect(await screen.findByText(OFFLINE)).toBeInTheDocument();
    first.unmount();
    renderApp();
    expect(await screen.findByText(OFFLINE)).toBeInTheDocument();
    expect(server.fetch).not.toHaveBeenCalled();
    onLine.mockReturnValue(true);
    sayOnline();
    await waitFor(() => expect(server.calls).toHaveLength(1));
    expect(server.call(0).body.product).toEqual({ name: 'Tabla Irish', price: 16990 });
    await finishComment(0, 'Por fin la tabla.');
  });

  it('asks again after a reload that cut the comment on its way', async () => {
    const first = renderApp();
    await order(first.user, 'Aperol Spritz');
    await waitFor(() => expect(server.calls).toHaveLength(1));
    first.unmount();
    expect(server.call(0).signal?.aborted).toBe(true);
    renderApp();
    await waitFor(() => expect(server.calls).toHaveLength(2));
    expect(server.call(1).body.product).toEqual({ name: 'Aperol Spritz', price: 6500 });
    await finishComment(1, 'Ahora sí, Ana.');
  });

  it('clears the comment when the tab is reset in another tab', async () => {
    const { user } = renderApp();
    await order(user, 'Aperol Spritz');
    await finishComment(0, 'Salud por eso.');
    // The other tab's reset, as this tab hears of it.
    localStorage.removeItem('currentJoke');
    localStorage.removeItem('previousJokes');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'currentJoke', oldValue: '{}', newValue: null }));
    });
    expect(screen.queryByText('Salud por eso.')).toBeNull();
    expect(localStorage.getItem('currentJoke')).toBeNull();
  });

  it('shows nothing and asks nothing without a backend', async () => {
    backend.current = null;
    const { user } = renderApp();
    await order(user, 'Aperol Spritz');
    expect(await within(consumed()).findByText('Aperol Spritz')).toBeInTheDocument();
    expect(screen.queryByText(WAITING)).toBeNull();
    expect(document.querySelector('.order-comment')).toBeNull();
    expect(server.fetch).not.toHaveBeenCalled();
  });
});
