/**
 * Whose key is on this phone: the host key until 'Salir', and whether it is
 * the owner's (every party) or one party's own. Every request goes with it,
 * and a key the function stops accepting (401) signs the host out, whichever
 * request heard it first.
 */
import { createListeners, type Followed } from '../platform/index.ts';
import type { HostAnswer, HostCall } from './api.ts';
import { parseParties, type ListedParty } from './parties.ts';
import { parseParty } from './party.ts';
import { refusalOf, SIGN_IN_MESSAGES } from './reasons.ts';
import type { HostRole, HostStore } from './storage.ts';

export interface AccountState {
  readonly signedIn: boolean;
  readonly signingIn: boolean;
  readonly signInError: string | null;
  /** Null until the function said whose key this is. */
  readonly role: HostRole | null;
}

export type AskHost = (key: string, action: HostCall) => Promise<HostAnswer>;

/** What the function said about the key: whose it is, and for the owner the list of parties that came with it. */
export interface LearnedRole {
  readonly role: HostRole;
  readonly parties: readonly ListedParty[] | null;
}

export interface AccountOptions {
  readonly ask: AskHost;
  readonly store: Pick<HostStore, 'loadKey' | 'saveKey' | 'loadPlace' | 'forget'>;
  /** The key was taken; `first` is its party as the sign-in read it. The sign-in ends when this does. */
  readonly onSignIn: (first: HostAnswer) => Promise<void>;
  /** 'Salir', or a key refused: what was shown with the key goes with it. */
  readonly onSignOut: () => void;
}

export interface Account extends Followed<AccountState> {
  /** The key as it is now: a request awaited meanwhile may have signed the host out. */
  readonly key: () => string | null;
  /** Tries a typed key by reading its party with it. */
  readonly signIn: (typedKey: string) => Promise<void>;
  readonly signOut: () => void;
  /** A request with the key. */
  readonly ask: (call: HostCall) => Promise<HostAnswer>;
  /** Asks `parties`: the owner's key may, a party's key is refused (403). Null while nobody can tell. */
  readonly learnRole: () => Promise<LearnedRole | null>;
}

export function createAccount(options: AccountOptions): Account {
  let key = options.store.loadKey();
  let state: AccountState = {
    signedIn: key !== null,
    signingIn: false,
    signInError: null,
    role: key === null ? null : options.store.loadPlace().role,
  };
  const { subscribe, notify } = createListeners();
  const update = (change: Partial<AccountState>) => {
    state = { ...state, ...change };
    notify();
  };

  const signOut = (signInError: string | null = null) => {
    key = null;
    options.store.forget();
    update({ signedIn: false, signingIn: false, signInError, role: null });
    options.onSignOut();
  };

  async function signIn(typedKey: string): Promise<void> {
    const candidate = typedKey.trim();
    if (candidate === '') {
      update({ signInError: SIGN_IN_MESSAGES.empty });
      return;
    }
    update({ signingIn: true, signInError: null });
    const answer = await options.ask(candidate, { action: 'party' });
    if (answer.kind !== 'ok' || !parseParty(answer.json)) {
      update({ signingIn: false, signInError: refusalOf(answer) });
      return;
    }
    key = candidate;
    options.store.saveKey(candidate);
    update({ signedIn: true, role: null });
    await options.onSignIn(answer);
    update({ signingIn: false });
  }

  return {
    current: () => state,
    subscribe,
    key: () => key,
    signIn,
    signOut: () => signOut(),
    ask: async (call) => {
      const current = key;
      if (current === null) return { kind: 'refused', status: 401, error: SIGN_IN_MESSAGES.empty, retryAfterSeconds: null };
      const answer = await options.ask(current, call);
      if (answer.kind === 'refused' && answer.status === 401 && key === current) signOut(answer.error);
      return answer;
    },
    learnRole: async () => {
      const current = key;
      if (current === null) return null;
      const answer = await options.ask(current, { action: 'parties' });
      if (key !== current) return null;
      const parties = answer.kind === 'ok' ? parseParties(answer.json) : null;
      const role: HostRole | null = parties ? 'owner' : answer.kind === 'refused' && answer.status === 403 ? 'party' : null;
      if (role === null) return null;
      update({ role });
      return { role, parties };
    },
  };
}
