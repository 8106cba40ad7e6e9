/**
 * The host's paid marks with no signal: kept on the phone at once (in the
 * outbox, IndexedDB), sent in order when the signal returns (the poll or a
 * refresh), the last per guest winning, never sent twice, a refusal shown and
 * parked. Fake timers, no sleeps.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HostAnswer } from '../../../src/host/api.ts';
import type { HostCall } from '../../../src/host/api.ts';
import { createMarkQueue, parseMarks, withMark } from '../../../src/host/marks.ts';
import { POLL_MS } from '../../../src/host/feed.ts';
import { createHostSession } from '../../../src/host/session.ts';
import { HOST_MARKS_STORAGE_KEY, localHostStore } from '../../../src/host/storage.ts';
import { db } from '../../../src/db/database.ts';
import type { MarkEntry } from '../../../src/host/paid-mark-kind.ts';
import type { HostAction } from '../../../supabase/functions/_shared/host-request.ts';
import { fakeHostServer, guestRow, stateOf } from './fixtures.ts';

const KEY = 'clave-del-anfitrión';
const ANA = guestRow({ id: 'a', full_name: 'Ana Pérez', tipped: 11_990 });
const BETO = guestRow({ id: 'b', full_name: 'Beto Soto', tipped: 18_689 });

/** Each test's servers: a session of an earlier test lives on over the same database, and must not reach this test's marks. */
const servers: { signal: boolean }[] = [];

function setUp() {
  const { server, ask: answer } = fakeHostServer(KEY);
  servers.push(server);
  server.guests = [ANA, BETO];
  /** failing: every request gets a 503; partyDown: the signal drops right after a mark went. */
  const extra = { failing: false, partyDown: false };
  const ask = (key: string, action: HostAction): Promise<HostAnswer> => {
    if (extra.failing) return Promise.resolve({ kind: 'failed', status: 503 });
    if (extra.partyDown && action.action === 'party') return Promise.resolve({ kind: 'offline' });
    return answer(key, action);
  };
  const open = () => createHostSession({ ask, store: localHostStore });
  return { server, extra, open };
}

/** What the phone keeps: the marks waiting in the outbox, then those the server took, waiting for a snapshot that shows them. */
const stored = async () => [
  ...((await db.outbox.where('kind').equals('paid-mark').toArray()) as MarkEntry[]).map((entry) => ({ ...entry.mark, problem: entry.problem, sent: false })),
  ...parseMarks(localStorage.getItem(HOST_MARKS_STORAGE_KEY)),
];
const paidActions = (actions: readonly HostAction[]) => actions.filter((action) => action.action === 'paid');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});

afterEach(() => {
  vi.useRealTimers();
  for (const server of servers.splice(0)) server.signal = false;
});

describe('a paid mark with no signal', () => {
  it('shows at once, is kept through a reload, and reaches the server when the signal returns', async () => {
    const { server, open } = setUp();
    const host = open();
    await host.account.signIn(KEY);
    server.signal = false;
    host.paidMarks.mark({ guestId: 'a', paid: true, amount: 11_990 });
    expect(stateOf(host).marks).toMatchObject([{ guestId: 'a', paid: true, amount: 11_990, sent: false }]);
    await host.feed.refresh();
    expect(stateOf(host).marks).toMatchObject([{ guestId: 'a', problem: 'offline', sent: false }]);
    expect(await stored()).toMatchObject([{ guestId: 'a', paid: true, amount: 11_990, problem: 'offline' }]);

    const reloaded = open();
    await vi.waitFor(() => expect(stateOf(reloaded).marks).toMatchObject([{ guestId: 'a', paid: true, amount: 11_990 }]));
    server.signal = true;
    await reloaded.feed.refresh();
    expect(server.guests.find((guest) => guest.id === 'a')?.paid_amount).toBe(11_990);
    expect(stateOf(reloaded).marks).toEqual([]);
    expect(localStorage.getItem(HOST_MARKS_STORAGE_KEY)).toBeNull();
  });

  it('goes out with the next poll, without a tap', async () => {
    const { server, open } = setUp();
    const host = open();
    await host.account.signIn(KEY);
    const stop = host.feed.start();
    await vi.advanceTimersByTimeAsync(0);
    server.signal = false;
    host.paidMarks.mark({ guestId: 'b', paid: true, amount: 18_689 });
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(server.guests.find((guest) => guest.id === 'b')?.paid_amount).toBeNull();
    server.signal = true;
    await vi.advanceTimersByTimeAsync(POLL_MS);
    await vi.waitFor(() => expect(server.guests.find((guest) => guest.id === 'b')?.paid_amount).toBe(18_689));
    expect(stateOf(host).marks).toEqual([]);
    stop();
  });

  it('sends the host’s marks in order, only the last one per guest', async () => {
    const { server, open } = setUp();
    const host = open();
    await host.account.signIn(KEY);
    server.signal = false;
    host.paidMarks.mark({ guestId: 'a', paid: true, amount: 11_990 });
    host.paidMarks.mark({ guestId: 'b', paid: true, amount: 18_689 });
    host.paidMarks.mark({ guestId: 'a', paid: false, amount: null });
    await host.feed.refresh();
    expect((await stored()).map((mark) => [mark.guestId, mark.paid])).toEqual([
      ['b', true],
      ['a', false],
    ]);
    server.signal = true;
    server.actions.length = 0;
    await host.feed.refresh();
    expect(paidActions(server.actions)).toEqual([
      { action: 'paid', guestId: 'b', paid: true, amount: 18_689 },
      { action: 'paid', guestId: 'a', paid: false },
    ]);
    expect(server.guests.map((guest) => guest.paid_amount)).toEqual([null, 18_689]);
  });

  it('is never sent twice, also when the party cannot be read right after it went', async () => {
    const { server, extra, open } = setUp();
    const host = open();
    await host.account.signIn(KEY);
    extra.partyDown = true;
    host.paidMarks.mark({ guestId: 'a', paid: true, amount: 11_990 });
    await host.feed.refresh();
    // The server has it; the row keeps showing it until a party read after the send shows it too.
    expect(stateOf(host).marks).toMatchObject([{ guestId: 'a', sent: true }]);
    expect(await stored()).toMatchObject([{ guestId: 'a', sent: true }]);
    await host.feed.refresh();
    const reloaded = open();
    await vi.waitFor(() => expect(stateOf(reloaded).marks).toMatchObject([{ guestId: 'a', sent: true }])); // A reload does not send it again either.
    extra.partyDown = false;
    await host.feed.refresh();
    await host.feed.refresh();
    expect(paidActions(server.actions)).toHaveLength(1);
    expect(stateOf(host).marks).toEqual([]);
    expect(stateOf(host).snapshot?.party.guests.find((guest) => guest.id === 'a')?.paid_amount).toBe(11_990);
  });

  it('keeps a mark the server could not take (5xx) and tries again at the next refresh', async () => {
    const { server, extra, open } = setUp();
    const host = open();
    await host.account.signIn(KEY);
    extra.failing = true;
    host.paidMarks.mark({ guestId: 'a', paid: true, amount: 11_990 });
    await host.feed.refresh();
    expect(stateOf(host).marks).toMatchObject([{ guestId: 'a', problem: 'failed' }]);
    extra.failing = false;
    await host.feed.refresh();
    expect(server.guests.find((guest) => guest.id === 'a')?.paid_amount).toBe(11_990);
    expect(stateOf(host).marks).toEqual([]);
  });

  it('drops a mark the server refuses (4xx), says why, and does not retry it; the next mark clears the reason', async () => {
    const { server, open } = setUp();
    const host = open();
    await host.account.signIn(KEY);
    server.refuse = 'Invitado desconocido.';
    host.paidMarks.mark({ guestId: 'a', paid: true, amount: 11_990 });
    await host.feed.refresh();
    expect(stateOf(host).marks).toEqual([]);
    expect(stateOf(host).markRefusals.get('a')).toBe('Invitado desconocido.');
    await host.feed.refresh();
    expect(paidActions(server.actions)).toHaveLength(1);
    server.refuse = null;
    host.paidMarks.mark({ guestId: 'a', paid: true, amount: 11_990 });
    expect(stateOf(host).markRefusals.has('a')).toBe(false);
  });

  it('waits for the next sign-in when the key stops working, and is sent then', async () => {
    const { server, open } = setUp();
    const host = open();
    await host.account.signIn(KEY);
    server.signal = false;
    host.paidMarks.mark({ guestId: 'a', paid: true, amount: 11_990 });
    await host.feed.refresh();
    server.signal = true;
    const { server: other, ask: otherAsk } = fakeHostServer('otra-clave');
    other.guests = server.guests;
    const changed = createHostSession({ ask: otherAsk, store: localHostStore });
    await changed.feed.refresh();
    expect(stateOf(changed).signedIn).toBe(false);
    expect(await stored()).toMatchObject([{ guestId: 'a', paid: true }]);
    await changed.account.signIn('otra-clave');
    await changed.feed.refresh();
    expect(other.guests.find((guest) => guest.id === 'a')?.paid_amount).toBe(11_990);
    expect(stateOf(changed).marks).toEqual([]);
  });
});

describe('a paid mark with the server down', () => {
  it('is kept in IndexedDB through a reload and sent with backoff once the server returns', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const server = { up: false, attempts: 0, paid: [] as HostCall[] };
    const send = (action: HostCall): Promise<HostAnswer> => {
      server.attempts += 1;
      if (!server.up) return Promise.resolve({ kind: 'failed', status: 503 });
      server.paid.push(action);
      return Promise.resolve({ kind: 'ok', json: {} });
    };
    const open = () => createMarkQueue({ store: localHostStore, send, onChange: () => undefined });
    const before = open();
    before.add({ guestId: 'a', paid: true, amount: 11_990 });
    await before.flush();
    expect(server.attempts).toBe(1);
    expect(await db.outbox.where('kind').equals('paid-mark').toArray()).toMatchObject([{ mark: { guestId: 'a', amount: 11_990 }, problem: 'failed' }]);

    // A reload: the mark comes back from the outbox, and is tried again at once.
    const reloaded = open();
    await vi.waitFor(() => expect(server.attempts).toBe(2));
    expect(reloaded.pending()).toMatchObject([{ guestId: 'a', sent: false }]);
    // It failed again: the page's polls do not send it before its backoff (1 s, then 2 s) has passed.
    await reloaded.flush();
    await reloaded.flush();
    expect(server.attempts).toBe(2);
    server.up = true;
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.waitFor(() => expect(server.paid).toEqual([{ action: 'paid', guestId: 'a', paid: true, amount: 11_990 }]));
    expect(server.attempts).toBe(3);
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0));
  });
});

describe('the marks as kept on the phone', () => {
  it('reads only well-formed marks', () => {
    expect(parseMarks(null)).toEqual([]);
    expect(parseMarks('{')).toEqual([]);
    expect(parseMarks('{"guestId":"a"}')).toEqual([]);
    const good = withMark([], { guestId: 'a', paid: true, amount: 100 }, 1);
    expect(parseMarks(JSON.stringify([...good, { guestId: 'b', paid: true, amount: -1, seq: 2, at: 1, sent: false, problem: null }]))).toEqual(good);
  });

  it('numbers the taps in order and puts a guest’s new tap at the end', () => {
    const marks = withMark(
      withMark(withMark([], { guestId: 'a', paid: true, amount: 1 }, 1), { guestId: 'b', paid: true, amount: 2 }, 2),
      { guestId: 'a', paid: false, amount: 1 },
      3,
    );
    expect(marks.map((mark) => [mark.guestId, mark.seq, mark.amount])).toEqual([
      ['b', 2, 2],
      ['a', 3, null],
    ]);
  });
});
