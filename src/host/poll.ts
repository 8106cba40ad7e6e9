/** The host page's refresh rhythm: one refresh at a time, the next `pollMs` after the last ended. */
import { runAgainIfAsked } from '../platform/index.ts';

export interface PollOptions {
  readonly pollMs: number;
  readonly isVisible: () => boolean;
  /** One refresh; resolves to seconds the server asked to wait, or null. */
  readonly fetchParty: () => Promise<number | null>;
}

export interface Poll {
  readonly start: () => () => void;
  /** Refreshes at once (or once more as soon as the refresh under way ends: it may predate what asked). */
  readonly now: () => Promise<void>;
  /** Starts the regular rhythm from now (after a sign-in). */
  readonly soon: () => void;
}

/** One refresh at a time; the next one `pollMs` after the last ended (or when the server says). */
export function createPoll(options: PollOptions): Poll {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let started = false;
  const schedule = (ms: number) => {
    clearTimeout(timer);
    if (started) timer = setTimeout(tick, ms);
  };
  const refreshes = runAgainIfAsked(async () => {
    if (!options.isVisible()) {
      schedule(options.pollMs);
      return;
    }
    const waitSeconds = await options.fetchParty().catch(() => null);
    schedule(waitSeconds ? waitSeconds * 1000 : options.pollMs);
  });
  /** The rhythm's own beat joins a refresh under way instead of asking for another. */
  const tick = () => {
    if (!refreshes.busy()) void refreshes.run();
  };
  return {
    start: () => {
      started = true;
      tick();
      return () => {
        started = false;
        clearTimeout(timer);
      };
    },
    now: refreshes.run,
    soon: () => schedule(options.pollMs),
  };
}
