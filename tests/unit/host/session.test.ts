import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HostAnswer } from '../../../src/host/api.ts';
import { POLL_MS } from '../../../src/host/feed.ts';
import { createHostSession } from '../../../src/host/session.ts';
import { HOST_KEY_STORAGE_KEY, HOST_SNAPSHOT_STORAGE_KEY, localHostStore } from '../../../src/host/storage.ts';
import type { HostAction } from '../../../supabase/functions/_shared/host-request.ts';
import { guestRow, partyOf, stateOf } from './fixtures.ts';

const KEY = 'clave-del-anfitrión';

/** The function as the page sees it: a key, a party, a signal that can drop, a limit that can bite. */
function fakeHost() {
  const server = {
    key: KEY,
    party: partyOf([guestRow()]),
    signal: true,
    limited: false,
    visible: true,
    requests: [] as { key: string; action: HostAction }[],
  };
  const ask = (key: string, action: HostAction): Promise<HostAnswer> => {
    server.requests.push({ key, action });
    if (!server.signal) return Promise.resolve({ kind: 'offline' });
    if (server.limited) return Promise.resolve({ kind: 'refused', status: 429, error: 'Demasiados intentos; espera un minuto.', retryAfterSeconds: 30 });
    if (key !== server.key) return Promise.resolve({ kind: 'refused', status: 401, error: 'Clave incorrecta.', retryAfterSeconds: null });
    // A party's own key: the page these tests follow is its party's (the owner's lands on the list, parties.test.ts).
    if (action.action === 'parties')
      return Promise.resolve({ kind: 'refused', status: 403, error: 'Esta clave abre solo su fiesta.', retryAfterSeconds: null });
    return Promise.resolve({ kind: 'ok', json: structuredClone(server.party) });
  };
  const session = () => createHostSession({ ask, store: localHostStore, isVisible: () => server.visible });
  return { server, session };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  localStorage.setItem('user', '{"id":"8a6e0804-2bd0-4672-b79e-d4b259de3b01","full_name":"Invitada"}');
  localStorage.setItem('previousJokes', '["uno"]');
});

afterEach(() => {
  // The guest's tab on the same phone is never touched by the host's page.
  expect(localStorage.getItem('user')).toBe('{"id":"8a6e0804-2bd0-4672-b79e-d4b259de3b01","full_name":"Invitada"}');
  expect(localStorage.getItem('previousJokes')).toBe('["uno"]');
  vi.useRealTimers();
});

describe('signing in', () => {
  it('keeps the key and the party on the phone with the right key', async () => {
    const { session } = fakeHost();
    const host = session();
    await host.account.signIn(`  ${KEY} `);
    expect(stateOf(host)).toMatchObject({ signedIn: true, signInError: null, problem: null, snapshot: { party: { total: 10_900 }, receivedAt: Date.now() } });
    expect(localStorage.getItem(HOST_KEY_STORAGE_KEY)).toBe(KEY);
    expect(JSON.parse(localStorage.getItem(HOST_SNAPSHOT_STORAGE_KEY) ?? '{}')).toMatchObject({ party: { total: 10_900 } });
  });

  it('says why not: a wrong key, too many tries, no signal, nothing typed', async () => {
    const { server, session } = fakeHost();
    const host = session();
    await host.account.signIn('otra');
    expect(stateOf(host)).toMatchObject({ signedIn: false, signInError: 'Clave incorrecta.' });
    server.limited = true;
    await host.account.signIn(KEY);
    expect(stateOf(host).signInError).toBe('Demasiados intentos; espera un minuto.');
    server.signal = false;
    await host.account.signIn(KEY);
    expect(stateOf(host).signInError).toBe('Sin señal: intenta de nuevo cuando vuelva la conexión.');
    const asked = server.requests.length;
    await host.account.signIn('   ');
    expect(stateOf(host).signInError).toBe('Escribe la clave para organizar.');
    expect(server.requests).toHaveLength(asked);
    expect(localStorage.getItem(HOST_KEY_STORAGE_KEY)).toBeNull();
  });

  it('comes back signed in with the last snapshot after a reload, even with no signal', async () => {
    const { server, session } = fakeHost();
    await session().account.signIn(KEY);
    const receivedAt = Date.now();
    server.signal = false;
    vi.advanceTimersByTime(60_000);
    const reloaded = session();
    expect(stateOf(reloaded)).toMatchObject({ signedIn: true, snapshot: { receivedAt, party: { guests: [{ full_name: 'Ana Pérez' }] } } });
  });

  it('forgets the key and the snapshot on Salir, and asks nothing more', async () => {
    const { server, session } = fakeHost();
    const host = session();
    const stop = host.feed.start();
    await host.account.signIn(KEY);
    host.account.signOut();
    expect(stateOf(host)).toMatchObject({ signedIn: false, snapshot: null });
    expect(localStorage.getItem(HOST_KEY_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(HOST_SNAPSHOT_STORAGE_KEY)).toBeNull();
    const asked = server.requests.length;
    await vi.advanceTimersByTimeAsync(5 * POLL_MS);
    expect(server.requests).toHaveLength(asked);
    stop();
  });
});

describe('staying fresh', () => {
  it('asks again every few seconds, never more than 5 s apart', async () => {
    const { server, session } = fakeHost();
    const host = session();
    await host.account.signIn(KEY);
    const stop = host.feed.start();
    await vi.advanceTimersByTimeAsync(0);
    server.party = partyOf([guestRow(), guestRow({ id: 'otro', full_name: 'Beto' })]);
    const before = server.requests.length;
    await vi.advanceTimersByTimeAsync(5000);
    expect(server.requests.length - before).toBeGreaterThanOrEqual(1);
    expect(stateOf(host).snapshot?.party.guests.map((guest) => guest.full_name)).toEqual(['Ana Pérez', 'Beto']);
    expect(POLL_MS).toBeLessThanOrEqual(4000);
    stop();
  });

  it('keeps the last snapshot and its age with no signal, and clears the problem when it returns', async () => {
    const { server, session } = fakeHost();
    const host = session();
    await host.account.signIn(KEY);
    const stop = host.feed.start();
    await vi.advanceTimersByTimeAsync(0);
    const kept = stateOf(host).snapshot;
    server.signal = false;
    await vi.advanceTimersByTimeAsync(3 * POLL_MS);
    expect(stateOf(host)).toMatchObject({ signedIn: true, problem: { kind: 'offline' } });
    expect(stateOf(host).snapshot).toEqual(kept);
    server.signal = true;
    await host.feed.refresh();
    expect(stateOf(host).problem).toBeNull();
    expect(stateOf(host).snapshot?.receivedAt).toBeGreaterThan(kept?.receivedAt ?? Infinity);
    stop();
  });

  it('asks nothing while the page is hidden', async () => {
    const { server, session } = fakeHost();
    const host = session();
    await host.account.signIn(KEY);
    server.visible = false;
    const stop = host.feed.start();
    const asked = server.requests.length;
    await vi.advanceTimersByTimeAsync(10 * POLL_MS);
    expect(server.requests).toHaveLength(asked);
    server.visible = true;
    await host.feed.refresh();
    expect(server.requests).toHaveLength(asked + 1);
    stop();
  });

  it('waits as long as the server asks when it is limiting this network', async () => {
    const { server, session } = fakeHost();
    const host = session();
    await host.account.signIn(KEY);
    server.limited = true;
    const stop = host.feed.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(stateOf(host).problem).toEqual({ kind: 'refused', error: 'Demasiados intentos; espera un minuto.' });
    const asked = server.requests.length;
    await vi.advanceTimersByTimeAsync(29_000);
    expect(server.requests).toHaveLength(asked);
    await vi.advanceTimersByTimeAsync(2000);
    expect(server.requests).toHaveLength(asked + 1);
    stop();
  });

  it('signs out when the key stops working (the host changed it)', async () => {
    const { server, session } = fakeHost();
    const host = session();
    await host.account.signIn(KEY);
    server.key = 'nueva';
    await host.feed.refresh();
    expect(stateOf(host)).toMatchObject({ signedIn: false, snapshot: null, signInError: 'Clave incorrecta.' });
    expect(localStorage.getItem(HOST_KEY_STORAGE_KEY)).toBeNull();
  });
});
