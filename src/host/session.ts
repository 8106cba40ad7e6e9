/**
 * The host's session, kept outside React: the key, the last party snapshot
 * and the poll that refreshes it every few seconds while the page is visible.
 * With no signal the snapshot stays, with its age; a key the function stops
 * accepting signs the host out. Paid marks go through its queue (marks.ts):
 * each refresh sends what is waiting before it asks for the party.
 */
import type { HostAction } from '../../supabase/functions/_shared/host-request.ts';
import type { HostAnswer } from './api.ts';
import { createMarkQueue, type MarkChange, type PendingMark } from './marks.ts';
import { parseParty, type GuestDetail } from './party.ts';
import type { HostStore, Snapshot } from './storage.ts';

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
}

export type AskHost = (key: string, action: HostAction) => Promise<HostAnswer>;

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
  let state: HostState = {
    signedIn: key !== null,
    snapshot: key === null ? null : options.store.loadSnapshot(),
    problem: null,
    signingIn: false,
    signInError: null,
    marks: [],
    markRefusals: new Map(),
  };
  const listeners = new Set<() => void>();
  const update = (change: Partial<HostState>) => {
    state = { ...state, ...change };
    for (const listener of listeners) listener();
  };

  /** The key as it is now: a request awaited meanwhile may have signed the host out. */
  const keyNow = (): string | null => key;
  const details = new Map<string, GuestDetail>();
  const signOut = (signInError: string | null = null) => {
    key = null;
    details.clear();
    options.store.forget();
    update({ signedIn: false, snapshot: null, problem: null, signingIn: false, signInError });
  };

  const askWithKey = async (action: HostAction): Promise<HostAnswer> => {
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

  /** Keeps a party answer (asked for when `sends` marks had been sent); false when it was not one. */
  const keep = (answer: HostAnswer, sends: number): boolean => {
    const party = answer.kind === 'ok' ? parseParty(answer.json) : null;
    if (!party) return false;
    const snapshot = { party, receivedAt: now() };
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
    const sends = marks.sentSoFar();
    const answer = await options.ask(current, { action: 'party' });
    if (key !== current) return null; // Signed out (or in again) meanwhile: this answer is stale.
    if (keep(answer, sends)) return null;
    if (answer.kind === 'refused' && answer.status === 401) signOut(answer.error);
    else update({ problem: problemOf(answer) });
    return answer.kind === 'refused' ? answer.retryAfterSeconds : null;
  }

  return {
    current: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
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
        keep(answer, 0);
        update({ signedIn: true, signingIn: false });
        poll.soon();
      } else {
        update({ signingIn: false, signInError: signInErrorOf(answer) });
      }
    },
    signOut: () => signOut(),
    refresh: () => poll.now(),
    mark: (change) => {
      marks.add(change);
      void poll.now();
    },
    ask: askWithKey,
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

interface PollOptions {
  readonly pollMs: number;
  readonly isVisible: () => boolean;
  /** One refresh; resolves to seconds the server asked to wait, or null. */
  readonly fetchParty: () => Promise<number | null>;
}

interface Poll {
  readonly start: () => () => void;
  /** Refreshes at once (or joins the refresh under way). */
  readonly now: () => Promise<void>;
  /** Starts the regular rhythm from now (after a sign-in). */
  readonly soon: () => void;
}

/** One refresh at a time; the next one `pollMs` after the last ended (or when the server says). */
function createPoll(options: PollOptions): Poll {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | null = null;
  let started = false;
  const schedule = (ms: number) => {
    clearTimeout(timer);
    if (started) timer = setTimeout(() => void tick(), ms);
  };
  const tick = (): Promise<void> => {
    if (!options.isVisible()) {
      schedule(options.pollMs);
      return Promise.resolve();
    }
    running ??= options
      .fetchParty()
      .catch(() => null)
      .then((waitSeconds) => schedule(waitSeconds ? waitSeconds * 1000 : options.pollMs))
      .finally(() => (running = null));
    return running;
  };
  return {
    start: () => {
      started = true;
      void tick();
      return () => {
        started = false;
        clearTimeout(timer);
      };
    },
    now: async () => {
      if (running) await running;
      return tick();
    },
    soon: () => schedule(options.pollMs),
  };
}
