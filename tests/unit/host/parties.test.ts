import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { actionOf, parseMarks } from '../../../src/host/marks.ts';
import { formatPartyDate, parseMadeParty, parseParties, todayIso } from '../../../src/host/parties.ts';
import { POLL_MS } from '../../../src/host/feed.ts';
import { HOST_MARKS_STORAGE_KEY } from '../../../src/host/storage.ts';
import { ANA, ANA_KEY, BETO, fakeParties, info, OWNER } from './fake-parties.ts';
import { stateOf } from './fixtures.ts';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('whose key it is', () => {
  it('is the owner’s when the function lists the parties: the owner lands on the list, every party one tap away', async () => {
    const { session, names } = fakeParties();
    const host = session();
    await host.account.signIn(OWNER);
    expect(stateOf(host)).toMatchObject({ role: 'owner', place: { view: 'parties' }, parties: [{ name: 'Fiesta de prueba' }, {}, {}] });
    expect(stateOf(session())).toMatchObject({ role: 'owner', signedIn: true, place: { view: 'parties' } });
    host.places.openParty(null);
    await host.feed.refresh();
    expect(names(host)).toEqual(['Dora Prueba']);
  });

  it('is a party’s own when the list is refused: its page, and nothing names another party', async () => {
    const { server, session, names } = fakeParties();
    const host = session();
    await host.account.signIn(ANA_KEY);
    expect(stateOf(host)).toMatchObject({ role: 'party', place: { view: 'party', code: null }, snapshot: { party: { info: { name: 'Cumpleaños de Ana' } } } });
    expect(names(host)).toEqual(['Ana Pérez']);
    await host.feed.refresh();
    expect(server.requests.filter((request) => request.action.action !== 'parties').every((request) => request.action.party === undefined)).toBe(true);
  });

  it('asks again after a sign-in with no answer to that question', async () => {
    const { server, session } = fakeParties();
    const host = session();
    await host.account.signIn(OWNER);
    localStorage.setItem('hostPlace', '{}');
    const reloaded = session();
    expect(stateOf(reloaded).role).toBeNull();
    await reloaded.feed.refresh();
    expect(stateOf(reloaded).role).toBe('owner');
    expect(server.requests.at(-2)?.action).toEqual({ action: 'parties' });
  });
});

describe('the owner going from party to party', () => {
  it('names the open party in every request: its page, a guest, a paid mark, the CSV', async () => {
    const { server, session, names } = fakeParties();
    const host = session();
    await host.account.signIn(OWNER);
    host.places.openParty(BETO);
    await host.feed.refresh();
    expect(names(host)).toEqual(['Beto Soto']);
    server.requests.length = 0;
    await host.places.ask({ action: 'guest', guestId: 'g2' });
    await host.places.ask({ action: 'orders' });
    host.paidMarks.mark({ guestId: 'g2', paid: true, amount: 11_990 });
    await host.feed.refresh();
    expect(server.requests.map((request) => request.action.party)).toEqual([BETO, BETO, BETO, BETO, BETO]);
    expect(server.requests.find((request) => request.action.action === 'paid')?.action).toEqual({
      action: 'paid',
      guestId: 'g2',
      paid: true,
      amount: 11_990,
      party: BETO,
    });
  });

  it('never shows one party’s snapshot as another’s, with no signal or after a reload', async () => {
    const { server, session, names } = fakeParties();
    const host = session();
    await host.account.signIn(OWNER);
    host.places.openParty(ANA);
    await host.feed.refresh();
    expect(names(host)).toEqual(['Ana Pérez']);
    server.signal = false;
    host.places.openParty(BETO);
    await host.feed.refresh();
    expect(stateOf(host)).toMatchObject({ snapshot: null, problem: { kind: 'offline' } });
    expect(stateOf(session())).toMatchObject({ place: { view: 'party', code: BETO }, snapshot: null });
    host.places.openParty(ANA);
    expect(names(host)).toEqual(['Ana Pérez']);
    expect(names(session())).toEqual(['Ana Pérez']);
  });

  it('drops an answer about the party the owner just left', async () => {
    const { server, session, names } = fakeParties();
    const host = session();
    await host.account.signIn(OWNER);
    let release = () => {};
    server.hold = new Promise((resolve) => (release = resolve));
    host.places.openParty(ANA); // Its request waits on the network…
    server.hold = null;
    host.places.openParty(BETO); // …while the owner already moved on.
    release();
    await host.feed.refresh();
    expect(names(host)).toEqual(['Beto Soto']);
    expect(stateOf(host).snapshot?.code).toBe(BETO);
  });

  it('keeps the list fresh while it is on screen, every few seconds', async () => {
    const { server, parties, session } = fakeParties();
    const host = session();
    await host.account.signIn(OWNER);
    const stop = host.feed.start();
    host.places.openParties();
    await vi.advanceTimersByTimeAsync(0);
    parties.set('otra', info('codigoDeOtraFiesta0000', 'Otra fiesta'));
    const asked = server.requests.length;
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(server.requests.slice(asked).map((request) => request.action)).toEqual([{ action: 'parties' }]);
    expect(stateOf(host).parties?.map((party) => party.name)).toContain('Otra fiesta');
    expect(stateOf(host).snapshot).toBeNull();
    stop();
  });
});

describe('a new party, and closing one', () => {
  it('opens the new party’s page with its key, shown until the owner leaves it, never kept on the phone', async () => {
    const { session } = fakeParties();
    const host = session();
    await host.account.signIn(OWNER);
    expect(await host.places.createParty({ name: 'Fiesta nueva', date: '2026-12-24', paymentUrl: null })).toBeNull();
    expect(stateOf(host)).toMatchObject({
      place: { view: 'party', code: 'codigoDeLaFiestaNueva0' },
      made: { code: 'codigoDeLaFiestaNueva0', key: 'la-clave-nueva' },
    });
    expect(
      Object.keys(localStorage)
        .map((name) => localStorage.getItem(name))
        .join(),
    ).not.toContain('la-clave-nueva');
    host.places.openParties();
    host.places.openParty('codigoDeLaFiestaNueva0');
    expect(stateOf(host).made).toBeNull();
  });

  it('gives the function’s reason when it says no', async () => {
    const { server, session } = fakeParties();
    const host = session();
    await host.account.signIn(ANA_KEY);
    expect(await host.places.createParty({ name: 'Otra', date: '2026-12-24', paymentUrl: null })).toBe('Esta clave abre solo su fiesta.');
    server.signal = false;
    expect(await host.feed.closeParty()).toBe('Sin señal: intenta de nuevo cuando vuelva la conexión.');
  });

  it('closes the party on screen and shows it closed', async () => {
    const { server, session } = fakeParties();
    const host = session();
    await host.account.signIn(OWNER);
    host.places.openParty(BETO);
    expect(await host.feed.closeParty()).toBeNull();
    expect(server.requests.find((request) => request.action.action === 'close_party')?.action).toEqual({ action: 'close_party', party: BETO });
    expect(stateOf(host).snapshot?.party.info?.closed_at).toBe('2026-11-29T03:00:00Z');
  });

  it('forgets the role, the place and the list at “Salir”', async () => {
    const { session } = fakeParties();
    const host = session();
    await host.account.signIn(OWNER);
    host.places.openParty(BETO);
    host.account.signOut();
    expect(stateOf(host)).toMatchObject({ role: null, place: { view: 'party', code: null }, parties: null });
    expect(localStorage.getItem('hostPlace')).toBeNull();
  });
});

describe('the parties’ answers and formats', () => {
  it('reads the list, a new party with its key, and refuses anything else', () => {
    const listed = { ...info(ANA, 'Ana'), guests: 2, total: 4400 };
    expect(parseParties([listed])).toEqual([listed]);
    expect(parseParties([{ ...listed, guests: -1 }])).toBeNull();
    expect(parseParties({})).toBeNull();
    expect(parseMadeParty({ ...info(ANA, 'Ana'), host_key: 'k' })).toMatchObject({ code: ANA, host_key: 'k' });
    expect(parseMadeParty(info(ANA, 'Ana'))).toBeNull();
  });

  it('keeps a mark’s party through a reload and sends it with it', () => {
    localStorage.setItem(
      HOST_MARKS_STORAGE_KEY,
      JSON.stringify([{ guestId: 'g2', paid: false, amount: null, party: BETO, seq: 1, at: 5, sent: false, problem: null }]),
    );
    const [mark] = parseMarks(localStorage.getItem(HOST_MARKS_STORAGE_KEY));
    expect(mark && actionOf(mark)).toEqual({ action: 'paid', guestId: 'g2', paid: false, party: BETO });
  });

  it('writes dates as in Chile and knows today on the phone', () => {
    expect(formatPartyDate('2026-11-28')).toBe('28-11-2026');
    expect(todayIso(new Date(2026, 10, 28, 23, 30))).toBe('2026-11-28');
  });
});
