/** 'Transferir' on the guest's tab (issue 33): the host's account with its 'Copiar' buttons, the amount, 'Ya transferí' and what the tab says of it. */
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BackendConfig } from '../../../src/config/env-rules.ts';
import { db } from '../../../src/db/database.ts';
import type { TransferNoticeRecord } from '../../../src/db/index.ts';
import { TRANSFER_NOTICE } from '../../../src/payments/transfer-kind.ts';
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

// The outbox would talk to the same fake server; its own tests cover it.
vi.mock('../../../src/sync/hooks.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/sync/hooks.ts')>()),
  useSyncLine: () => null,
}));

const ACCOUNT = {
  holder_name: 'Valentina Anfitriona',
  rut: '12345678-5',
  bank: 'Banco Estado',
  account_type: 'Cuenta RUT',
  account_number: '12345678',
  email: 'vale@example.cl',
};

type Notice = { readonly id: string; readonly amount: number; readonly at: string };

const json = (status: number, body: object) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8' } });

/** `my_tab_status` as the migration answers it for a party that takes transfers (or not). */
const statusOf = (transfer: typeof ACCOUNT | null, notices: readonly Notice[] = []) => ({
  party: { name: 'Cumple de Vale', payment_url: null, closed_at: null },
  paid_mark: null,
  payments: [],
  owed: 4840,
  ways: { mercadopago: false, transfer },
  transfer_notices: notices,
});

function server(transfer: typeof ACCOUNT | null, notices: readonly Notice[] = []) {
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return Promise.resolve(url.endsWith('/rest/v1/rpc/my_tab_status') ? json(200, statusOf(transfer, notices)) : new Response('{}', { status: 404 }));
  });
}

function clipboard(write: (text: string) => Promise<void>) {
  const writeText = vi.fn(write);
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
  return writeText;
}

const consumed = () => within(screen.getByRole('region', { name: 'Productos consumidos' }));
const time = (iso: string) => new Date(iso).toLocaleTimeString('es-CL', { hour: '2-digit', minute: '2-digit', hour12: false });
const noticeLines = () => [...document.querySelectorAll('.transfer-notice')].map((line) => line.textContent);

async function openTransfer(user: ReturnType<typeof renderApp>['user']) {
  const open = await consumed().findByRole('button', { name: 'Transferir' });
  expect(open).toHaveAttribute('aria-expanded', 'false');
  await user.click(open);
  expect(open).toHaveAttribute('aria-expanded', 'true');
}

beforeEach(async () => {
  backend.current = { supabaseUrl: 'https://bar.example', supabaseAnonKey: 'anon.key' };
  storeGuest('Ana María');
  await guestTab(GUEST_ID).addOrder({ name: 'Summer Ale 500cc', price: 4400 });
});

describe('Transferir', () => {
  it('shows each datum of the host’s account and the amount owed, each beside a Copiar named for it', async () => {
    server(ACCOUNT);
    const { user } = renderApp();
    await openTransfer(user);
    const data = [...document.querySelectorAll('.transfer-datum')].map((datum) => datum.textContent);
    expect(data).toEqual([
      'NombreValentina AnfitrionaCopiar',
      'RUT12345678-5Copiar',
      'BancoBanco EstadoCopiar',
      'Tipo de cuentaCuenta RUTCopiar',
      'Número de cuenta12345678Copiar',
      'Correovale@example.clCopiar',
      'Monto$4.840Copiar',
    ]);
    for (const name of ['nombre', 'RUT', 'banco', 'tipo de cuenta', 'número de cuenta', 'correo', 'monto'])
      expect(consumed().getByRole('button', { name: `Copiar ${name}` })).toHaveTextContent(/^Copiar$/);
  });

  it('copies a datum, and the amount as the digits a bank’s app takes, and says so', async () => {
    server(ACCOUNT);
    const { user } = renderApp();
    // After user-event's setup, which puts a clipboard of its own on the page.
    const writeText = clipboard(() => Promise.resolve());
    await openTransfer(user);
    await user.click(consumed().getByRole('button', { name: 'Copiar RUT' }));
    expect(writeText).toHaveBeenLastCalledWith('12345678-5');
    expect(await consumed().findByText('RUT copiado.')).toHaveAttribute('role', 'status');
    await user.click(consumed().getByRole('button', { name: 'Copiar monto' }));
    expect(writeText).toHaveBeenLastCalledWith('4840');
    expect(await consumed().findByText('Monto copiado.')).toBeInTheDocument();
  });

  it('selects the datum for the guest to copy where the phone lets no page write the clipboard', async () => {
    server(ACCOUNT);
    const { user } = renderApp();
    clipboard(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    await openTransfer(user);
    await user.click(consumed().getByRole('button', { name: 'Copiar número de cuenta' }));
    expect(await consumed().findByText('Número de cuenta quedó seleccionado: cópialo con el menú del teléfono.')).toBeInTheDocument();
    expect(window.getSelection()?.toString()).toBe('12345678');
  });

  it('is not offered when the party takes no transfers', async () => {
    server(null);
    renderApp();
    // No page, no Mercado Pago and no account: the tab says there is no way yet, never a page nobody owns.
    await consumed().findByText('Aún no hay cómo pagar desde la app: pregúntale a quien organiza.');
    // The status is kept as heard, then shown: once kept, one more turn and the tab has it.
    await waitFor(() => expect(localStorage.getItem('tabStatus')).toContain(GUEST_ID));
    await act(() => Promise.resolve());
    expect(consumed().queryByRole('button', { name: 'Transferir' })).toBeNull();
  });

  it('is there with no signal, as last heard', async () => {
    localStorage.setItem('tabStatus', JSON.stringify({ [GUEST_ID]: statusOf(ACCOUNT) }));
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const { user } = renderApp();
    await openTransfer(user);
    expect(consumed().getByText('12345678-5')).toBeInTheDocument();
    expect(consumed().getByText('$4.840', { selector: '.transfer-value' })).toBeInTheDocument();
  });
});

describe('Ya transferí', () => {
  it('keeps the notice and its outbox entry at once, says it, and is not offered twice for the same amount', async () => {
    server(ACCOUNT);
    const { user } = renderApp();
    await openTransfer(user);
    await user.click(consumed().getByRole('button', { name: 'Ya transferí' }));
    const [notice] = await waitFor(async () => {
      const kept = await db.transfers.toArray();
      expect(kept).toHaveLength(1);
      return kept;
    });
    expect(notice).toMatchObject({ guest: GUEST_ID, amount: 4840, state: 'queued' });
    expect(await db.outbox.where('kind').equals(TRANSFER_NOTICE).toArray()).toMatchObject([{ guestId: GUEST_ID, notice: { id: notice?.id, amount: 4840 } }]);
    await waitFor(() =>
      expect(noticeLines()).toEqual([`Avisaste que transferiste $4.840 · ${time(notice?.at ?? '')} Le llega a quien organiza apenas haya señal.`]),
    );
    expect(consumed().queryByRole('button', { name: 'Ya transferí' })).toBeNull();
    expect(document.activeElement).toHaveClass('transfer-notices');
  });

  it('says a notice once when the phone and the server both hold it, and the server’s other notices too', async () => {
    const mine: TransferNoticeRecord = {
      id: '00000000-0000-4000-8000-0000000000b2',
      guest: GUEST_ID,
      amount: 4840,
      at: '2026-11-28T02:40:00.000Z',
      state: 'sent',
    };
    await db.transfers.put(mine);
    const earlier = { id: '00000000-0000-4000-8000-0000000000a1', amount: 2000, at: '2026-11-28T01:00:00.000Z' };
    server(ACCOUNT, [earlier, { id: mine.id, amount: 4840, at: mine.at }]);
    renderApp();
    await consumed().findByRole('button', { name: 'Transferir' });
    await waitFor(() =>
      expect(noticeLines()).toEqual([`Avisaste que transferiste $2.000 · ${time(earlier.at)}`, `Avisaste que transferiste $4.840 · ${time(mine.at)}`]),
    );
  });

  it('says a refused notice, and Reintentar puts it back in the queue', async () => {
    const refused: TransferNoticeRecord = {
      id: '00000000-0000-4000-8000-0000000000c3',
      guest: GUEST_ID,
      amount: 4840,
      at: '2026-11-28T02:40:00.000Z',
      state: 'refused',
    };
    await db.transfers.put(refused);
    const entry = { kind: TRANSFER_NOTICE, queuedAt: 1, guestId: GUEST_ID, notice: { id: refused.id, amount: 4840, created_at: refused.at } };
    await db.parked.add({ entry, error: 'HTTP 400 · 23514', parkedAt: 2, kind: TRANSFER_NOTICE, appVersion: 'test' });
    server(ACCOUNT);
    const { user } = renderApp();
    await waitFor(() => expect(noticeLines()).toEqual([`El bar no recibió tu aviso de $4.840 · ${time(refused.at)}.`]));
    await user.click(consumed().getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(noticeLines()).toEqual([`Avisaste que transferiste $4.840 · ${time(refused.at)} Le llega a quien organiza apenas haya señal.`]));
    expect(await db.parked.count()).toBe(0);
    expect(await db.outbox.where('kind').equals(TRANSFER_NOTICE).count()).toBe(1);
    expect(consumed().queryByRole('button', { name: 'Reintentar' })).toBeNull();
  });
});
