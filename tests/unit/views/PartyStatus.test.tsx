import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BackendConfig } from '../../../src/config/env-rules.ts';
import { db } from '../../../src/db/database.ts';
import { guestTab } from '../../../src/tab/index.ts';
import { GUEST_ID, renderApp, searchField, storeGuest } from '../../support/render-app.tsx';

const backend = vi.hoisted(() => ({ current: null as BackendConfig | null }));
/** The build's own payment page (VITE_PAYMENT_URL), for a party with none; null: the build names none. */
const build = vi.hoisted(() => ({ paymentUrl: null as string | null }));
const BUILD_PAGE = 'https://pagos.example/la-cuenta';

vi.mock('../../../src/config/env.ts', async (importOriginal) => {
  const { env } = await importOriginal<typeof import('../../../src/config/env.ts')>();
  return {
    env: {
      ...env,
      get backend() {
        return backend.current;
      },
      get paymentUrl() {
        return build.paymentUrl;
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

interface PartyAnswer {
  readonly closed_at?: string | null;
  readonly payment_url?: string | null;
  readonly paid_mark?: { readonly paid_amount: number; readonly paid_at: string } | null;
  /** False: the server does not have the guest yet (issue 42). */
  readonly known?: boolean;
}

/** The server's answer to `my_tab_status`, with the headers the phone sent; anything else is not here. */
function statusServer(answer: PartyAnswer | 'no signal') {
  const asked: Headers[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (answer === 'no signal') return Promise.reject(new TypeError('Failed to fetch'));
    if (!url.endsWith('/rest/v1/rpc/my_tab_status')) return Promise.resolve(new Response('{}', { status: 404 }));
    asked.push(new Headers(init?.headers));
    const party = { name: 'Cumple de Vale', payment_url: answer.payment_url ?? null, closed_at: answer.closed_at ?? null };
    const body = JSON.stringify({ party, paid_mark: answer.paid_mark ?? null, ...(answer.known === undefined ? {} : { known: answer.known }) });
    return Promise.resolve(new Response(body, { status: 200, headers: { 'Content-Type': 'application/json; charset=utf-8' } }));
  });
  return asked;
}

const consumed = () => screen.getByRole('region', { name: 'Productos consumidos' });
const OVER = 'La fiesta terminó.';
const CLOSED = { closed_at: '2026-11-25T04:00:00Z', payment_url: 'https://pago.example/vale' };

async function tabWithOneSummerAle() {
  await guestTab(GUEST_ID).addOrder({ name: 'Summer Ale 500cc', price: 4400 });
}

beforeEach(() => {
  build.paymentUrl = null;
  backend.current = { supabaseUrl: 'https://bar.example', supabaseAnonKey: 'anon.key' };
  storeGuest('Ana María');
});

describe('the party is over', () => {
  it('says so where the product form was, keeps the final totals and both pay buttons to the party’s page, and nothing that changes the tab', async () => {
    await tabWithOneSummerAle();
    const asked = statusServer(CLOSED);
    renderApp();
    expect(await screen.findByText(OVER)).toBeInTheDocument();
    expect(asked[0]?.get('x-guest-id')).toBe(GUEST_ID);
    expect(screen.queryByPlaceholderText('Pisco Mistral')).toBeNull();
    const tab = within(consumed());
    // The tab is read from IndexedDB on its own time: the status may come first.
    expect(await tab.findByText('Summer Ale 500cc')).toBeInTheDocument();
    expect(tab.getByText('Total con propina').nextElementSibling).toHaveTextContent('$4.840');
    expect(tab.getByRole('link', { name: 'Ir a pagar' })).toHaveAttribute('href', 'https://pago.example/vale/4840');
    expect(tab.getByRole('link', { name: 'Ir a pagar otro monto' })).toHaveAttribute('href', 'https://pago.example/vale');
    expect(tab.queryByRole('button', { name: /Quitar|Otra|resetear/ })).toBeNull();
  });

  it('keeps a pick tapped after the close struck through, out of the totals and the pay link, with its own Quitar only', async () => {
    await tabWithOneSummerAle();
    const late = await guestTab(GUEST_ID).addOrder({ name: 'Kilkenny 300cc', price: 3990 });
    await db.orders.update(late.id, { rejected: 'HTTP 400 · 23514 · party_closed: the party is over, no orders tapped after it' });
    statusServer(CLOSED);
    const { user } = renderApp();
    expect(await screen.findByText(OVER)).toBeInTheDocument();
    const tab = within(consumed());
    const row = (await tab.findByText('Kilkenny 300cc')).closest('[role="listitem"]') as HTMLElement;
    expect(row).toHaveTextContent('No aceptado: la fiesta ya había terminado. No suma al total.');
    expect(tab.getByText('Total sin propina').nextElementSibling).toHaveTextContent('$4.400');
    expect(tab.getByRole('link', { name: 'Ir a pagar' })).toHaveAttribute('href', 'https://pago.example/vale/4840');
    expect(tab.getAllByRole('button', { name: /Quitar|Otra|resetear/ }).map((button) => button.getAttribute('aria-label'))).toEqual(['Quitar Kilkenny 300cc']);
    await user.click(tab.getByRole('button', { name: 'Quitar Kilkenny 300cc' }));
    await waitFor(() => expect(tab.queryByText('Kilkenny 300cc')).toBeNull());
    expect(tab.getByText('Summer Ale 500cc')).toBeInTheDocument();
  });

  it('stays over when the phone opens again with no signal', async () => {
    await tabWithOneSummerAle();
    statusServer(CLOSED);
    const first = renderApp();
    await screen.findByText(OVER);
    first.unmount();
    statusServer('no signal');
    renderApp();
    expect(screen.getByText(OVER)).toBeInTheDocument();
    expect(await within(consumed()).findByRole('link', { name: 'Ir a pagar' })).toHaveAttribute('href', 'https://pago.example/vale/4840');
  });

  it('leaves an open party’s tab as it was, paying at the build’s page when the party names none', async () => {
    build.paymentUrl = BUILD_PAGE;
    await tabWithOneSummerAle();
    const asked = statusServer({});
    renderApp();
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(searchField()).toBeInTheDocument();
    expect(screen.queryByText(OVER)).toBeNull();
    expect(await within(consumed()).findByRole('link', { name: 'Ir a pagar' })).toHaveAttribute('href', `${BUILD_PAGE}/4840`);
    expect(within(consumed()).getByRole('button', { name: 'Quitar Summer Ale 500cc' })).toBeInTheDocument();
  });

  it('pays at the build’s page when the party’s page could not take the amount (stored before the rule)', async () => {
    build.paymentUrl = BUILD_PAGE;
    await tabWithOneSummerAle();
    statusServer({ ...CLOSED, payment_url: 'https://pago.example/vale?monto=' });
    renderApp();
    await screen.findByText(OVER);
    expect(await within(consumed()).findByRole('link', { name: 'Ir a pagar' })).toHaveAttribute('href', `${BUILD_PAGE}/4840`);
  });

  it('asks again once the guest’s row leaves the queue, while the server said it did not have the guest yet', async () => {
    const asked = statusServer({ known: false, payment_url: 'https://pago.example/vale' });
    storeGuest();
    renderApp();
    await waitFor(() => expect(asked).toHaveLength(1));
    // The guest's first pick is queued (the queue changes): the status is asked again, ways and all.
    await tabWithOneSummerAle();
    await waitFor(() => expect(asked.length).toBeGreaterThanOrEqual(2));
    expect(await within(consumed()).findByRole('link', { name: 'Ir a pagar' })).toHaveAttribute('href', 'https://pago.example/vale/4840');
  });

  it('never points at a page nobody owns: with no page, no Mercado Pago and no account, it says so and offers no Ir a pagar', async () => {
    await tabWithOneSummerAle();
    const asked = statusServer({});
    renderApp();
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(await within(consumed()).findByText('Aún no hay cómo pagar desde la app: pregúntale a quien organiza.')).toBeInTheDocument();
    expect(within(consumed()).queryByRole('link', { name: /Ir a pagar/ })).toBeNull();
    expect(within(consumed()).queryByRole('button', { name: 'Ir a pagar' })).toBeNull();
    expect(document.body.innerHTML).not.toContain('pago.example/bar-tab');
  });

  it('waits for the party’s ways before Ir a pagar goes anywhere: never a page it has not heard of', async () => {
    build.paymentUrl = BUILD_PAGE;
    await tabWithOneSummerAle();
    // The server takes its time: until it answers, the button is there and goes nowhere.
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (answer = resolve)));
    renderApp();
    const waiting = await within(consumed()).findByRole('button', { name: 'Ir a pagar' });
    expect(waiting).toBeDisabled();
    expect(within(consumed()).getByText('Buscando cómo se paga en esta fiesta…')).toBeInTheDocument();
    expect(within(consumed()).queryByRole('link', { name: 'Ir a pagar' })).toBeNull();
    const party = { name: 'Cumple de Vale', payment_url: 'https://pago.example/vale', closed_at: null };
    answer(new Response(JSON.stringify({ party, paid_mark: null }), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    expect(await within(consumed()).findByRole('link', { name: 'Ir a pagar' })).toHaveAttribute('href', 'https://pago.example/vale/4840');
  });
});

describe('the host’s paid mark', () => {
  const at = new Date(2026, 10, 24, 23, 15).toISOString();

  it('says Pagado with the amount and the time, and Debe $X más once the guest picks more', async () => {
    await tabWithOneSummerAle();
    statusServer({ paid_mark: { paid_amount: 4840, paid_at: at } });
    const { user } = renderApp();
    const mark = await screen.findByText(/^Pagado/);
    expect(mark).toHaveTextContent(/^Pagado \$4\.840 · 23:15$/);
    await user.type(searchField(), 'aperol');
    await user.click(screen.getByRole('button', { name: 'Agregar Aperol Spritz' }));
    // $6.500 more, with its tip: $7.150.
    await waitFor(() => expect(screen.getByText(/^Pagado/)).toHaveTextContent('Debe $7.150 más'));
  });
});
