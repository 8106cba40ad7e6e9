/** Rows and parties as the `host` function answers them, for the host page's unit tests. */
import type { HostAnswer } from '../../../src/host/api.ts';
import type { Party, PartyGuest } from '../../../src/host/party.ts';
import type { HostSession } from '../../../src/host/session.ts';
import type { HostAction } from '../../../supabase/functions/_shared/host-request.ts';

/** A row; a paid_amount given alone is the host's mark, as it was before Mercado Pago. */
export const guestRow = (change: Partial<PartyGuest> = {}): PartyGuest => {
  const paid = { paid_amount: null, paid_at: null, ...change };
  return {
    id: '8a6e0804-2bd0-4672-b79e-d4b259de3b01',
    full_name: 'Ana Pérez',
    orders: 2,
    total: 10_900,
    tipped: 11_990,
    last_order_at: '2026-11-22T01:41:05.123+00:00',
    mark_amount: paid.paid_amount,
    mark_at: paid.paid_at,
    provider_amount: null,
    provider_at: null,
    transfer_notice: null,
    credit: 0,
    refundable: 0,
    refund_asked: 0,
    refunds: [],
    ...paid,
  };
};

export function partyOf(guests: readonly PartyGuest[]): Party {
  const total = guests.reduce((sum, guest) => sum + guest.total, 0);
  const tipped = guests.reduce((sum, guest) => sum + guest.tipped, 0);
  const paid = guests.reduce((sum, guest) => sum + (guest.paid_amount ?? 0), 0);
  const owed = guests.reduce((sum, guest) => sum + Math.max(0, guest.tipped - (guest.paid_amount ?? 0)), 0);
  const credit = guests.reduce((sum, guest) => sum + Math.max(0, (guest.paid_amount ?? 0) - guest.tipped), 0);
  return { total, tipped, paid, owed, credit, guests, guest_of_honour: null, info: null };
}

export interface FakeOrder {
  readonly id: string;
  readonly product_name: string;
  readonly product_price: number;
  readonly created_at: string;
  readonly paid: boolean;
}

/**
 * The `host` function for view tests: guests' rows and orders, paid marks,
 * a signal that can drop. Answers like the real one, in the page's terms.
 */
export function fakeHostServer(key: string) {
  const server = {
    signal: true,
    /** When set, every 'paid' action is refused (404) with this reason. */
    refuse: null as string | null,
    guests: [] as PartyGuest[],
    orders: new Map<string, FakeOrder[]>(),
    actions: [] as HostAction[],
    /** A party's own key is refused the owner's list (403) and lands on its party, the page these tests are about; the owner's lands on 'Fiestas'. */
    role: 'party' as 'owner' | 'party',
  };
  const ask = (given: string, action: HostAction): Promise<HostAnswer> => {
    server.actions.push(action);
    if (!server.signal) return Promise.resolve({ kind: 'offline' });
    if (given !== key) return Promise.resolve({ kind: 'refused', status: 401, error: 'Clave incorrecta.', retryAfterSeconds: null });
    if (action.action === 'parties' && server.role === 'party')
      return Promise.resolve({ kind: 'refused', status: 403, error: 'Esta clave abre solo su fiesta.', retryAfterSeconds: null });
    if (server.refuse !== null && action.action === 'paid')
      return Promise.resolve({ kind: 'refused', status: 404, error: server.refuse, retryAfterSeconds: null });
    return Promise.resolve({ kind: 'ok', json: answer(server, action) });
  };
  return { server, ask };
}

function answer(server: ReturnType<typeof fakeHostServer>['server'], action: HostAction): unknown {
  switch (action.action) {
    case 'party':
      return structuredClone(partyOf(server.guests));
    case 'parties':
      return [];
    case 'guest': {
      const guest = server.guests.find((row) => row.id === action.guestId);
      return { id: action.guestId, full_name: guest?.full_name, orders: server.orders.get(action.guestId) ?? [] };
    }
    case 'orders':
      return server.guests.flatMap((guest) =>
        (server.orders.get(guest.id) ?? []).map((order) => ({ user_id: guest.id, full_name: guest.full_name, ...order })),
      );
    case 'paid':
      server.guests = server.guests.map((row) => (row.id === action.guestId ? markedRow(row, action.paid ? (action.amount ?? row.tipped) : null) : row));
      return { id: action.guestId };
    case 'money':
      return { absorbed: null, payments: [], refunds: [], credits: [] };
    case 'refund':
      // Given back the way it came: the saldo a favor goes, a 'Devuelto' line stays.
      server.guests = server.guests.map((row) =>
        row.id === action.guestId
          ? {
              ...row,
              paid_amount: (row.paid_amount ?? 0) - action.amount,
              credit: row.credit - action.amount,
              refundable: action.way === 'mercadopago' ? row.refundable - action.amount : row.refundable,
              refunds: [...row.refunds, { amount: action.amount, at: new Date().toISOString(), method: action.way }],
            }
          : row,
      );
      return { refunded: action.amount };
  }
}

/** The row with the host's mark (null: taken back), paid by the one rule: Mercado Pago's plus the mark. */
function markedRow(row: PartyGuest, mark: number | null): PartyGuest {
  const at = mark === null ? null : new Date().toISOString();
  const paid = mark === null && row.provider_amount === null ? null : (mark ?? 0) + (row.provider_amount ?? 0);
  return { ...row, mark_amount: mark, mark_at: at, paid_amount: paid, paid_at: paid === null ? null : (at ?? row.provider_at) };
}

/** Every store of a session as one object, as the views see it together: what the tests assert on. */
export function stateOf({ account, places, feed, paidMarks }: HostSession) {
  const { marks, refusals } = paidMarks.current();
  return { ...account.current(), ...places.current(), ...feed.current(), marks, markRefusals: refusals };
}
