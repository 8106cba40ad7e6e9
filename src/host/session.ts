/**
 * The host's session: four small stores, built and wired here and nowhere
 * else. The key and whose it is (account.ts), where the host is (places.ts),
 * the party on screen and its rhythm (feed.ts), the paid marks (paid-marks.ts).
 * Views read each through its hook (hooks.ts) and act on it; every request
 * leaves through the account, with the key.
 */
import { createAccount, type Account, type AskHost } from './account.ts';
import { createFeed, type Feed } from './feed.ts';
import { createPaidMarks, type PaidMarks } from './paid-marks.ts';
import { createPlaces, type Places } from './places.ts';
import type { HostStore } from './storage.ts';
import type { Outbox } from '../sync/index.ts';

export interface HostSessionOptions {
  readonly ask: AskHost;
  readonly store: HostStore;
  readonly now?: () => number;
  /** Between the end of one refresh and the next. */
  readonly pollMs?: number;
  /** False while the page is hidden: no requests then. */
  readonly isVisible?: () => boolean;
  /** The page's outbox (main.tsx), where paid marks wait for the server. */
  readonly outbox?: Promise<Outbox> | null;
}

export interface HostSession {
  readonly account: Account;
  readonly places: Places;
  readonly feed: Feed;
  readonly paidMarks: PaidMarks;
}

export function createHostSession({ ask, store, now, pollMs, isVisible, outbox }: HostSessionOptions): HostSession {
  const account = createAccount({
    ask,
    store,
    // The key's own party shows at once; whose key it is decides where the host may go.
    onSignIn: async (first) => {
      places.goHome();
      feed.signedIn(first);
      await places.learnRole();
    },
    onSignOut: () => {
      places.forget();
      feed.forget();
    },
  });
  const places = createPlaces({ account, store, onMove: () => feed.moved() });
  const paidMarks = createPaidMarks({ store, send: account.ask, now, outbox, partyHere: places.code, onSent: () => void feed.read() });
  const feed = createFeed({ account, places, marks: paidMarks, store, now, pollMs, isVisible });
  return { account, places, feed, paidMarks };
}
