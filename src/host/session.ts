/**
 * The host's session, kept outside React: the key, the last party snapshot
 * and the poll that refreshes it every few seconds while the page is visible.
 * With no signal the snapshot stays, with its age; a key the function stops
 * accepting signs the host out. Paid marks go through its queue (marks.ts):
 * each refresh sends what is waiting before it asks for the party.
 * The owner's key reaches every party: the session keeps where the owner is
 * (the list, or one party by its code) and names that party in every request;
 * a party's own key stays on its party.
 */
import { hostReason } from '../../supabase/functions/_shared/host-errors.ts';
import type { HostAction } from '../../supabase/functions/_shared/host-request.ts';
import { createListeners } from '../platform/index.ts';
import type { HostAnswer, HostCall } from './api.ts';
import { createMarkQueue, type MarkChange, type PendingMark } from './marks.ts';
import { parseMadeParty, parseParties, type ListedParty } from './parties.ts';
import { parseParty, type GuestDetail } from './party.ts';
import { createPoll } from './poll.ts';
import { HOME, type HostRole, type HostStore, type Place, type Snapshot } from './storage.ts';

/** Why the snapshot on screen may be old. */
export type FeedProblem =
  | { readonly kind: 'offline' }
  | { readonly kind: 'failed' }
  /** The function said no for a while, e.g. too many wrong keys from this network. */
  | { readonly kind: 'refused'; readonly error: string };

export interface HostState {
  readonly signedIn: boolean;
  readonly snapshot: Snapshot | null;
  readonly problem: FeedProblem | null;
  readonly signingIn: boolean;
  readonly signInError: string | null;
  /** Paid marks the party on screen does not show yet, oldest first. */
  readonly marks: readonly PendingMark[];
  /** Guests whose last mark the server refused, with its reason. */
  readonly markRefusals: ReadonlyMap<string, string>;
  /** Null until the function said whose key this is. */
  readonly role: HostRole | null;
  readonly place: Place;
  /** The owner's list, newest first, once it arrived. */
  readonly parties: readonly ListedParty[] | null;
  /** The key of a party made on this page: shown on its page until the host leaves it, never kept on the phone. */
  readonly made: { readonly code: string; readonly key: string } | null;
}

export type AskHost = (key: string, action: HostCall) => Promise<HostAnswer>;

export interface NewParty {
  readonly name: string;
  /** AAAA-MM-DD. */
  readonly date: string;
  readonly paymentUrl: string | null;
  /** The code of the earlier party whose list it starts with; none: the built-in list ('Carta de la casa'). */
  readonly menuFrom?: string | null;
}

export interface HostSessionOptions {
  readonly ask: AskHost;
  readonly store: HostStore;
  readonly now?: () => number;
  /** Between the end of one refresh and the next (3 s: the page is never more than 5 s behind). */
  readonly pollMs?: number;
  /** False while the page is hidden: no requests then. */
  readonly isVisible?: () => boolean;
}

export interface HostSession {
  readonly current: () => HostState;
  readonly subscribe: (listener: () => void) => () => void;
  readonly signIn: (typedKey: string) => Promise<void>;
  readonly signOut: () => void;
  /** Refreshes now (the page became visible, the signal came back, a mark changed). */
  readonly refresh: () => Promise<void>;
  /** Marks a guest paid (or takes it back): kept on the phone at once, sent now or when the signal returns. */
  readonly mark: (change: MarkChange) => void;
  /** Any other request with the stored key; a refused key signs the host out. */
  readonly ask: (action: HostAction) => Promise<HostAnswer>;
  /** The owner's list of parties. */
  readonly openParties: () => void;
  /** A party's page: its code, or null for the key's own party (the default one for the owner). */
  readonly openParty: (code: string | null) => void;
  /** Opens a party and its page; resolves to the function's reason when it said no, else null. */
  readonly createParty: (party: NewParty) => Promise<string | null>;
  /** Closes the party on screen; resolves to why not, else null. */
  readonly closeParty: () => Promise<string | null>;
  /** Starts the poll; returns its stop. */
  readonly start: () => () => void;
  /** Guests' orders seen this session, for when the signal goes (emptied by 'Salir'). */
  readonly details: Map<string, GuestDetail>;
}

export const POLL_MS = 3000;
export const SIGN_IN_MESSAGES = {
  empty: 'Escribe la clave de anfitrión.',
  offline: 'Sin señal: intenta de nuevo cuando vuelva la conexión.',
  failed: 'El servidor no respondió; intenta de nuevo en un rato.',
} as const;

export function createHostSession(options: HostSessionOptions): HostSession {
  const now = options.now ?? Date.now;
  const isVisible = options.isVisible ?? (() => true);
  let key = options.store.loadKey();
  const kept = key === null ? { role: null, place: HOME } : options.store.loadPlace();
  /** The snapshot kept on the phone, if it is of the party at `place` (never party A's shown as party B's). */
  const keptSnapshot = (place: Place): Snapshot | null => {
    const snapshot = key === null || place.view !== 'party' ? null : options.store.loadSnapshot();
    return snapshot && place.view === 'party' && snapshot.code === place.code ? snapshot : null;
  };
  let state: HostState = {
    signedIn: key !== null,
    snapshot: keptSnapshot(kept.place),
    problem: null,
    signingIn: false,
    signInError: null,
    marks: [],
    markRefusals: new Map(),
    role: kept.role,
    place: kept.place,
    parties: null,
    made: null,
  };
  const { subscribe, notify } = createListeners();
  const update = (change: Partial<HostState>) => {
    state = { ...state, ...change };
    notify();
  };

  /** The key as it is now: a request awaited meanwhile may have signed the host out. */
  const keyNow = (): string | null => key;
  const details = new Map<string, GuestDetail>();
  const signOut = (signInError: string | null = null) => {
    key = null;
    details.clear();
    options.store.forget();
    update({ signedIn: false, snapshot: null, problem: null, signingIn: false, signInError, role: null, place: HOME, parties: null, made: null });
  };

  const askWithKey = async (action: HostCall): Promise<HostAnswer> => {
    const current = key;
    if (current === null) return { kind: 'refused', status: 401, error: SIGN_IN_MESSAGES.empty, retryAfterSeconds: null };
    const answer = await options.ask(current, action);
    if (answer.kind === 'refused' && answer.status === 401 && key === current) signOut(answer.error);
    return answer;
  };
  const marks = createMarkQueue({
    store: options.store,
    send: askWithKey,
    now,
    onChange: () => update({ marks: marks.pending(), markRefusals: marks.refusals() }),
  });
  state = { ...state, marks: marks.pending() };

  /** The party on screen's code, for the requests about it. */
  const codeHere = (): string | null => (state.place.view === 'party' ? state.place.code : null);
  const here = (action: HostAction): HostCall => {
    const code = codeHere();
    return code === null ? action : { ...action, party: code };
  };
  const goTo = (place: Place, change: Partial<HostState> = {}) => {
    details.clear();
    options.store.savePlace({ role: state.role, place });
    update({ place, snapshot: keptSnapshot(place), problem: null, ...change });
    void poll.now();
  };

  /** Asks `parties`: the owner's key may, a party's key is refused (403). */
  async function learnRole(current: string): Promise<void> {
    const answer = await options.ask(current, { action: 'parties' });
    if (key !== current) return;
    const parties = answer.kind === 'ok' ? parseParties(answer.json) : null;
    const role: HostRole | null = parties ? 'owner' : answer.kind === 'refused' && answer.status === 403 ? 'party' : null;
    if (role === null) return;
    // Whose key it is was unknown, so the page stood on the sign-in's place: the owner lands on the parties, with 'Nueva fiesta' at hand.
    const place: Place = role === 'owner' ? { view: 'parties' } : HOME;
    options.store.savePlace({ role, place });
    update({ role, place, parties: parties ?? null });
  }

  /** Keeps a party answer (asked for when `sends` marks had been sent); false when it was not one. */
  const keep = (answer: HostAnswer, sends: number, code: string | null): boolean => {
    const party = answer.kind === 'ok' ? parseParty(answer.json) : null;
    if (!party) return false;
    const snapshot = { party, receivedAt: now(), code };
    options.store.saveSnapshot(snapshot);
    update({ snapshot, problem: null });
    marks.settle(sends);
    return true;
  };

  const poll = createPoll({ pollMs: options.pollMs ?? POLL_MS, isVisible, fetchParty: () => refreshOnce() });

  async function refreshOnce(): Promise<number | null> {
    if (key === null) return null;
    await marks.flush();
    const current = keyNow();
    if (current === null) return null; // The key was refused while sending marks.
    if (state.role === null) await learnRole(current);
    const place = state.place;
    if (place.view === 'parties') return refreshParties(current);
    const sends = marks.sentSoFar();
    const answer = await options.ask(current, here({ action: 'party' }));
    if (key !== current) return null; // Signed out (or in again) meanwhile: this answer is stale.
    if (state.place !== place) return null; // The host went to another party meanwhile.
    if (keep(answer, sends, place.code)) return null;
    if (answer.kind === 'refused' && answer.status === 401) signOut(answer.error);
    else update({ problem: problemOf(answer) });
    return answer.kind === 'refused' ? answer.retryAfterSeconds : null;
  }

  async function refreshParties(current: string): Promise<number | null> {
    const answer = await options.ask(current, { action: 'parties' });
    if (key !== current || state.place.view !== 'parties') return null;
    const parties = answer.kind === 'ok' ? parseParties(answer.json) : null;
    if (parties) update({ parties, problem: null });
    else if (answer.kind === 'refused' && answer.status === 401) signOut(answer.error);
    else update({ problem: problemOf(answer) });
    return answer.kind === 'refused' ? answer.retryAfterSeconds : null;
  }

  return {
    current: () => state,
    subscribe,
    signIn: async (typedKey) => {
      const candidate = typedKey.trim();
      if (candidate === '') {
        update({ signInError: SIGN_IN_MESSAGES.empty });
        return;
      }
      update({ signingIn: true, signInError: null });
      const answer = await options.ask(candidate, { action: 'party' });
      if (answer.kind === 'ok' && parseParty(answer.json)) {
        key = candidate;
        options.store.saveKey(candidate);
        keep(answer, 0, null);
        update({ signedIn: true, role: null, place: HOME });
        await learnRole(candidate);
        update({ signingIn: false });
        poll.soon();
      } else {
        update({ signingIn: false, signInError: signInErrorOf(answer) });
      }
    },
    signOut: () => signOut(),
    refresh: () => poll.now(),
    mark: (change) => {
      marks.add({ ...change, party: codeHere() });
      void poll.now();
    },
    ask: (action) => askWithKey(here(action)),
    openParties: () => goTo({ view: 'parties' }, { made: null }),
    openParty: (code) => goTo({ view: 'party', code }, state.made?.code === code ? {} : { made: null }),
    createParty: async (party) => {
      const answer = await askWithKey({ action: 'create_party', ...party, menuFrom: party.menuFrom ?? null });
      const made = answer.kind === 'ok' ? parseMadeParty(answer.json) : null;
      if (made) goTo({ view: 'party', code: made.code }, { made: { code: made.code, key: made.host_key } });
      return made ? null : reasonOf(answer);
    },
    closeParty: async () => {
      const answer = await askWithKey(here({ action: 'close_party' }));
      await poll.now();
      return answer.kind === 'ok' ? null : reasonOf(answer);
    },
    start: () => poll.start(),
    details,
  };
}

function problemOf(answer: HostAnswer): FeedProblem {
  if (answer.kind === 'offline') return { kind: 'offline' };
  if (answer.kind === 'refused' && answer.status === 429) return { kind: 'refused', error: answer.error };
  return { kind: 'failed' };
}

function signInErrorOf(answer: HostAnswer): string {
  if (answer.kind === 'refused') return answer.error;
  return answer.kind === 'offline' ? SIGN_IN_MESSAGES.offline : SIGN_IN_MESSAGES.failed;
}

/** Why a request about a party did not go through, in the host's words (the function's 400s name the request: the host needs only the rule). */
function reasonOf(answer: HostAnswer): string {
  return answer.kind === 'ok' ? SIGN_IN_MESSAGES.failed : hostReason(signInErrorOf(answer));
}
