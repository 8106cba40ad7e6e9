/**
 * The host's session as four stores wired in one place: each tells only its
 * own readers, a request with no key asks nothing, a refusal of an old key
 * leaves the new one signed in, a tap goes out at once and the party is read
 * after it, and the key's own party shows while whose key it is is asked.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HostAnswer, HostCall } from '../../../src/host/api.ts';
import { createHostSession, type HostSession } from '../../../src/host/session.ts';
import { localHostStore } from '../../../src/host/storage.ts';
import { BETO, fakeParties, OWNER } from './fake-parties.ts';
import { fakeHostServer, guestRow, stateOf } from './fixtures.ts';

const KEY = 'clave-del-anfitrión';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});

afterEach(() => {
  vi.useRealTimers();
});

/** How many times each store told its readers something changed. */
function told(session: HostSession) {
  const counts = { account: 0, places: 0, feed: 0, paidMarks: 0 };
  for (const name of Object.keys(counts) as (keyof typeof counts)[]) session[name].subscribe(() => (counts[name] += 1));
  return counts;
}

describe('the stores', () => {
  it('each tells only its own readers: a refresh the feed’s, a tap the marks’ and the feed’s, a move the places’ and the feed’s', async () => {
    const { session } = fakeParties();
    const host = session();
    await host.account.signIn(OWNER);
    // The owner lands on 'Fiestas': the default party's page, where a refresh reads the party.
    host.places.openParty(null);
    await host.feed.refresh();
    const counts = told(host);
    await host.feed.refresh();
    expect(counts).toEqual({ account: 0, places: 0, feed: 1, paidMarks: 0 });
    host.paidMarks.mark({ guestId: 'g0', paid: true, amount: 11_990 });
    await vi.advanceTimersByTimeAsync(0);
    expect(counts.account).toBe(0);
    expect(counts.places).toBe(0);
    expect(counts.paidMarks).toBeGreaterThan(0);
    const before = { ...counts };
    host.places.openParty(BETO);
    expect(counts).toEqual({ ...before, places: before.places + 1, feed: before.feed + 1 });
  });

  it('asks nothing without a key, and says to type one', async () => {
    const { server, session } = fakeParties();
    const host = session();
    expect(await host.places.ask({ action: 'orders' })).toEqual({
      kind: 'refused',
      status: 401,
      error: 'Escribe la clave para organizar.',
      retryAfterSeconds: null,
    });
    await host.feed.refresh();
    expect(server.requests).toEqual([]);
  });

  it('leaves a new key signed in when an answer refuses the key it replaced', async () => {
    const { ask } = fakeHostServer(KEY);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    /** The old key's CSV waits on the network, and is refused once the host already signed in again. */
    const slow = async (key: string, action: HostCall): Promise<HostAnswer> => {
      if (key !== 'vieja') return ask(key, action);
      await held;
      return { kind: 'refused', status: 401, error: 'Clave incorrecta.', retryAfterSeconds: null };
    };
    localHostStore.saveKey('vieja');
    const stale = createHostSession({ ask: slow, store: localHostStore });
    const asked = stale.places.ask({ action: 'orders' });
    stale.account.signOut();
    await stale.account.signIn(KEY);
    release();
    expect(await asked).toMatchObject({ kind: 'refused', status: 401 });
    expect(stateOf(stale)).toMatchObject({ signedIn: true, signInError: null });
    expect(localHostStore.loadKey()).toBe(KEY);
  });

  it('sends a tap at once, then reads the party, without waiting for the rhythm', async () => {
    const { server, ask } = fakeHostServer(KEY);
    server.guests = [guestRow({ id: 'a' })];
    const host = createHostSession({ ask, store: localHostStore });
    await host.account.signIn(KEY);
    server.actions.length = 0;
    host.paidMarks.mark({ guestId: 'a', paid: true, amount: 11_990 });
    // The mark is written to IndexedDB first, then sent: no timer is waited for, only the writes.
    await vi.waitFor(() => expect(server.actions.map((action) => action.action)).toEqual(['paid', 'party']));
    await vi.waitFor(() => expect(stateOf(host)).toMatchObject({ marks: [], snapshot: { party: { guests: [{ id: 'a', paid_amount: 11_990 }] } } }));
  });

  it('shows the key’s own party as soon as it is read, while whose key it is is still asked', async () => {
    const { server, session } = fakeParties();
    const host = session();
    let release = () => {};
    const signingIn = host.account.signIn(OWNER);
    server.hold = new Promise((resolve) => (release = resolve)); // The sign-in's party read is out; the role question waits.
    await vi.advanceTimersByTimeAsync(0);
    expect(stateOf(host)).toMatchObject({ signedIn: true, signingIn: true, role: null, snapshot: { party: { info: { name: 'Fiesta de prueba' } } } });
    release();
    await signingIn;
    expect(stateOf(host)).toMatchObject({ signingIn: false, role: 'owner', parties: [{}, {}, {}] });
  });
});
