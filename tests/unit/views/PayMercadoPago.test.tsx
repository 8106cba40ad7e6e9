/** The guest's buttons to pay with Mercado Pago (issue 33): on or off by the party, with no signal, refused, and 'Monto a pagar'. */
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BackendConfig } from '../../../src/config/env-rules.ts';
import { guestTab } from '../../../src/tab/index.ts';
import { GUEST_ID, renderApp, storeGuest } from '../../support/render-app.tsx';

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

// The outbox would talk to the same fake server; its own tests cover it (and 'Ir a pagar' waiting for it: open.test.ts).
vi.mock('../../../src/sync/hooks.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/sync/hooks.ts')>()),
  useSync: () => undefined,
  useSyncLine: () => null,
  usePageOutbox: () => null,
}));

interface Party {
  readonly mercadopago: boolean;
  readonly payment_url?: string;
  readonly paid?: { readonly amount: number; readonly at: string; readonly method: 'mercadopago' | 'host' };
  /** What issue 42 adds to the status. */
  readonly extra?: Record<string, unknown>;
}

type Checkout = { readonly status: number; readonly body: object };

const CHECKOUT_PAGE = 'https://mercadopago.example/checkout/v1/redirect?pref_id=123';
const OPENED: Checkout = { status: 200, body: { init_point: CHECKOUT_PAGE, attempt: 'a1', amount: 4840 } };

const json = (status: number, body: object) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8' } });

/** `my_tab_status` as the migration answers it, and the payments function's checkout; what the phone asked is kept. */
function server(party: Party, checkout: Checkout = OPENED) {
  const checkouts: { readonly body: unknown; readonly headers: Headers }[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.endsWith('/functions/v1/payments')) {
      const body = JSON.parse(init?.body as string) as { action: string };
      checkouts.push({ body, headers: new Headers(init?.headers) });
      if (body.action !== 'checkout') return Promise.resolve(json(200, { payments: [] }));
      return Promise.resolve(json(checkout.status, checkout.body));
    }
    if (!url.endsWith('/rest/v1/rpc/my_tab_status')) return Promise.resolve(new Response('{}', { status: 404 }));
    const { paid } = party;
    return Promise.resolve(
      json(200, {
        party: { name: 'Cumple de Vale', payment_url: party.payment_url ?? null, closed_at: null },
        paid_mark: paid ? { paid_amount: paid.amount, paid_at: paid.at } : null,
        payments: paid ? [{ amount: paid.amount, at: paid.at, method: paid.method }] : [],
        owed: 4840 - (paid?.amount ?? 0),
        ways: { mercadopago: party.mercadopago, transfer: null },
        ...party.extra,
      }),
    );
  });
  return checkouts;
}

/** A new tab as window.open hands it over: the app opens it blank, then sends it on or closes it. */
function newTabs() {
  const opened: { opener: unknown; location: { href: string }; close: () => void; closed: boolean }[] = [];
  const open = vi.spyOn(window, 'open').mockImplementation(() => {
    const tab = {
      opener: window as unknown,
      location: { href: 'about:blank' },
      closed: false,
      close() {
        tab.closed = true;
      },
    };
    opened.push(tab);
    return tab as unknown as Window;
  });
  return { opened, open };
}

function signal(on: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(on);
  act(() => {
    window.dispatchEvent(new Event(on ? 'online' : 'offline'));
  });
}

const consumed = () => within(screen.getByRole('region', { name: 'Productos consumidos' }));

/** 'Ir a pagar' once the party's ways are heard: until then it is there, disabled, going nowhere. */
async function payButton(): Promise<HTMLElement> {
  await waitFor(() => expect(consumed().getByRole('button', { name: 'Ir a pagar' })).toBeEnabled());
  return consumed().getByRole('button', { name: 'Ir a pagar' });
}

beforeEach(async () => {
  backend.current = { supabaseUrl: 'https://bar.example', supabaseAnonKey: 'anon.key' };
  storeGuest('Ana María');
  await guestTab(GUEST_ID).addOrder({ name: 'Summer Ale 500cc', price: 4400 });
});

describe('when the party takes Mercado Pago', () => {
  it('opens the checkout of the tipped total in a tab opened in the tap itself, as the guest', async () => {
    const checkouts = server({ mercadopago: true });
    const tabs = newTabs();
    const { user } = renderApp();
    const pay = await payButton();
    // Opened before any answer: a popup blocker lets only the tap's own window through.
    tabs.open.mockImplementationOnce((...args) => {
      expect(checkouts).toHaveLength(0);
      return (tabs.open.getMockImplementation() as typeof window.open)(...args);
    });
    await user.click(pay);
    await waitFor(() => expect(tabs.opened[0]?.location.href).toBe(CHECKOUT_PAGE));
    expect(tabs.opened[0]?.opener).toBeNull();
    expect(checkouts.map((asked) => asked.body)).toEqual([{ action: 'checkout', amount: 4840 }]);
    expect(checkouts[0]?.headers.get('x-guest-id')).toBe(GUEST_ID);
    expect(consumed().queryByRole('link', { name: 'Ir a pagar' })).toBeNull();
  });

  it('asks only for what is still owed once part is paid, and names Mercado Pago in the paid line', async () => {
    const at = new Date(2026, 10, 24, 23, 15).toISOString();
    const checkouts = server({ mercadopago: true, paid: { amount: 2000, at, method: 'mercadopago' } });
    newTabs();
    const { user } = renderApp();
    // 'Debe … más' comes once the tab's total is read, a moment after the server's paid line.
    const paidLine = await screen.findByText(/^Pagado/);
    await waitFor(() => expect(paidLine).toHaveTextContent(/^Pagado \$2\.000 · 23:15 · Mercado Pago Debe \$2\.840 más$/));
    await user.click(await payButton());
    await waitFor(() => expect(checkouts.map((asked) => asked.body)).toEqual([{ action: 'checkout', amount: 2840 }]));
  });

  it('shows a guest who owes nothing their payments and no Ir a pagar', async () => {
    const at = new Date(2026, 10, 24, 23, 15).toISOString();
    const checkouts = server({ mercadopago: true, paid: { amount: 4840, at, method: 'mercadopago' } });
    const tabs = newTabs();
    renderApp();
    expect(await consumed().findByText('Pagaste $4.840 · 23:15 · Mercado Pago')).toBeInTheDocument();
    expect(consumed().queryByRole('button', { name: 'Ir a pagar' })).toBeNull();
    expect(consumed().queryByRole('button', { name: 'Ir a pagar otro monto' })).toBeNull();
    expect(consumed().queryByText('Solo paga al final, cuando ya te hayas ido del bar.')).toBeNull();
    expect(tabs.open).not.toHaveBeenCalled();
    expect(checkouts).toHaveLength(0);
  });

  it('shows the server’s refusal as it came and closes the tab it opened', async () => {
    server({ mercadopago: true }, { status: 409, body: { error: 'El monto supera lo que debes ($4.840).' } });
    const tabs = newTabs();
    const { user } = renderApp();
    await user.click(await payButton());
    expect(await consumed().findByText('El monto supera lo que debes ($4.840).')).toBeInTheDocument();
    expect(tabs.opened[0]?.closed).toBe(true);
  });

  it('asks for Monto a pagar in whole pesos before it opens anything', async () => {
    const checkouts = server({ mercadopago: true });
    const tabs = newTabs();
    const { user } = renderApp();
    await user.click(await consumed().findByRole('button', { name: 'Ir a pagar otro monto' }));
    const field = consumed().getByLabelText('Monto a pagar');
    await user.type(field, '12.5');
    await user.click(consumed().getByRole('button', { name: 'Pagar con Mercado Pago' }));
    expect(consumed().getByRole('alert')).toHaveTextContent('El monto debe ser un número entero de pesos mayor que 0.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(tabs.open).not.toHaveBeenCalled();
    await user.clear(field);
    await user.type(field, '3000{Enter}');
    await waitFor(() => expect(tabs.opened[0]?.location.href).toBe(CHECKOUT_PAGE));
    expect(checkouts.map((asked) => asked.body)).toEqual([{ action: 'checkout', amount: 3000 }]);
    expect(consumed().queryByRole('alert')).toBeNull();
  });

  it('says Necesitas señal para pagar. with no signal, and still offers the party’s own page', async () => {
    const checkouts = server({ mercadopago: true, payment_url: 'https://pago.example/vale' });
    const tabs = newTabs();
    renderApp();
    await payButton();
    signal(false);
    expect(consumed().getByText('Necesitas señal para pagar.')).toBeInTheDocument();
    expect(consumed().getByRole('link', { name: 'Ir a pagar' })).toHaveAttribute('href', 'https://pago.example/vale/4840');
    expect(consumed().queryByRole('button', { name: 'Ir a pagar' })).toBeNull();
    signal(true);
    expect(await consumed().findByRole('button', { name: 'Ir a pagar' })).toBeInTheDocument();
    expect(consumed().queryByText('Necesitas señal para pagar.')).toBeNull();
    expect(checkouts).toHaveLength(0);
    expect(tabs.open).not.toHaveBeenCalled();
  });

  it('offers no page with no signal when the party names none of its own', async () => {
    server({ mercadopago: true });
    renderApp();
    await payButton();
    signal(false);
    expect(consumed().getByText('Necesitas señal para pagar.')).toBeInTheDocument();
    expect(consumed().queryByRole('link', { name: /Ir a pagar/ })).toBeNull();
  });

  it('says Necesitas señal para pagar. when the request finds no signal, and closes the tab it opened', async () => {
    server({ mercadopago: true });
    const tabs = newTabs();
    const { user } = renderApp();
    const pay = await payButton();
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await user.click(pay);
    expect(await consumed().findByText('Necesitas señal para pagar.')).toBeInTheDocument();
    expect(tabs.opened[0]?.closed).toBe(true);
  });
});

describe('when the party does not take Mercado Pago', () => {
  it('leaves both buttons as links to the party’s page, as before', async () => {
    const checkouts = server({ mercadopago: false, payment_url: 'https://pago.example/vale' });
    renderApp();
    await waitFor(() => expect(consumed().getByRole('link', { name: 'Ir a pagar' })).toHaveAttribute('href', 'https://pago.example/vale/4840'));
    expect(consumed().getByRole('link', { name: 'Ir a pagar otro monto' })).toHaveAttribute('href', 'https://pago.example/vale');
    expect(consumed().queryByLabelText('Monto a pagar')).toBeNull();
    expect(checkouts).toHaveLength(0);
  });
});

describe('what came in, past the tab or not at all (issue 42)', () => {
  const at = new Date(2026, 10, 24, 23, 15).toISOString();

  it('says Saldo a favor in place of Debe when more came in than the tab, with each payment and no Ir a pagar', async () => {
    const two = [
      { amount: 4840, at, method: 'mercadopago' },
      { amount: 4840, at: new Date(2026, 10, 24, 23, 20).toISOString(), method: 'mercadopago' },
    ];
    server({ mercadopago: true, paid: { amount: 9680, at, method: 'mercadopago' }, extra: { payments: two, owed: 0, credit: 4840 } });
    renderApp();
    const paidLine = await screen.findByText(/^Pagado/);
    await waitFor(() => expect(paidLine).toHaveTextContent(/^Pagado \$9\.680 · 23:15 · Mercado Pago Saldo a favor \$4\.840$/));
    expect(paidLine).not.toHaveTextContent('Debe');
    expect(consumed().getAllByText(/^Pagaste \$4\.840 · 23:(15|20) · Mercado Pago$/)).toHaveLength(2);
    expect(consumed().queryByRole('button', { name: 'Ir a pagar' })).toBeNull();
  });

  it('lists what the host gave back', async () => {
    const refunds = [{ amount: 4840, at: new Date(2026, 10, 24, 23, 50).toISOString(), method: 'mercadopago' }];
    server({ mercadopago: true, paid: { amount: 4840, at, method: 'mercadopago' }, extra: { refunds } });
    renderApp();
    expect(await consumed().findByText('Devuelto $4.840 · 23:50 · Mercado Pago')).toBeInTheDocument();
    expect(await screen.findByText(/^Pagado \$4\.840/)).not.toHaveTextContent('Saldo a favor');
  });

  it('says a refused payment charged nothing, and still offers Ir a pagar', async () => {
    server({ mercadopago: true, extra: { last_payment: { status: 'rejected', at } } });
    renderApp();
    expect(await consumed().findByText('Mercado Pago rechazó el pago: no se cobró nada.')).toBeInTheDocument();
    expect(await payButton()).toBeInTheDocument();
  });

  it('says a payment in process, and offers no second checkout for what it covers', async () => {
    const checkouts = server({ mercadopago: true, extra: { last_payment: { status: 'in_process', at }, pending: 4840 } });
    renderApp();
    expect(await consumed().findByText('Tu pago está en proceso.')).toBeInTheDocument();
    expect(consumed().queryByRole('button', { name: 'Ir a pagar' })).toBeNull();
    expect(checkouts).toHaveLength(0);
  });

  it('asks for what is owed less what Mercado Pago is still processing', async () => {
    const checkouts = server({ mercadopago: true, extra: { last_payment: { status: 'in_process', at }, pending: 2000 } });
    newTabs();
    const { user } = renderApp();
    expect(await consumed().findByText('Tu pago está en proceso.')).toBeInTheDocument();
    await user.click(await payButton());
    await waitFor(() => expect(checkouts.map((asked) => asked.body)).toEqual([{ action: 'checkout', amount: 2840 }]));
  });

  it('has Mercado Pago searched when the tab opens with a checkout still open, then asks its status again', async () => {
    const checkouts = server({ mercadopago: true, extra: { checkout_open: true } });
    renderApp();
    await waitFor(() => expect(checkouts.map((asked) => asked.body)).toEqual([{ action: 'reconcile' }]));
    expect(checkouts[0]?.headers.get('x-guest-id')).toBe(GUEST_ID);
  });

  it('has the payment it came back from read back, and takes Mercado Pago’s return off the address', async () => {
    const reference = '5b0e4b5c-2f1a-4e8e-9d8e-1f2a3b4c5d6e';
    history.replaceState(null, '', `/?collection_id=1234&collection_status=approved&payment_id=1234&status=approved&external_reference=${reference}`);
    const checkouts = server({ mercadopago: true });
    renderApp();
    await waitFor(() => expect(checkouts.map((asked) => asked.body)).toEqual([{ action: 'return', payment_id: '1234', external_reference: reference }]));
    expect(location.search).toBe('');
  });
});

describe('the guest of honour (issue 42)', () => {
  it('reads Tu cuenta la paga la fiesta. and has no pay button', async () => {
    const at = new Date(2026, 10, 24, 23, 15).toISOString();
    const bill = {
      total: 0,
      lines: [{ id: null, kind: 'honoured', product_name: 'Tu cuenta la paga la fiesta.', amount: -4400, created_at: at }],
      unclaimed: [],
    };
    const checkouts = server({ mercadopago: true, extra: { bill, honoured: true, owed: 0 } });
    renderApp();
    expect(await consumed().findByText('Tu cuenta la paga la fiesta.')).toBeInTheDocument();
    await waitFor(() => expect(consumed().getByText('Total con propina').nextElementSibling?.textContent).toBe('$0'));
    expect(consumed().queryByRole('button', { name: 'Ir a pagar' })).toBeNull();
    expect(consumed().queryByRole('link', { name: 'Ir a pagar' })).toBeNull();
    expect(checkouts).toHaveLength(0);
  });
});
