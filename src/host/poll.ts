/** The host page's refresh rhythm: one refresh at a time, the next `pollMs` after the last ended. */

export interface PollOptions {
  readonly pollMs: number;
  readonly isVisible: () => boolean;
  /** One refresh; resolves to seconds the server asked to wait, or null. */
  readonly fetchParty: () => Promise<number | null>;
}

export interface Poll {
  readonly start: () => () => void;
  /** Refreshes at once (or joins the refresh under way). */
  readonly now: () => Promise<void>;
  /** Starts the regular rhythm from now (after a sign-in). */
  readonly soon: () => void;
}

/** One refresh at a time; the next one `pollMs` after the last ended (or when the server says). */
export function createPoll(options: PollOptions): Poll {
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
