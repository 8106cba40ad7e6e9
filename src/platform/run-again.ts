/**
 * A task that never runs twice at once, and never misses a change: asked
 * while it runs, it runs once more as soon as it ends, however often it was
 * asked meanwhile, so its last run sees everything that asked for it.
 */

export interface RunAgain {
  /** Runs now, or once more after the run under way; resolves when no run is left. */
  readonly run: () => Promise<void>;
  /** True while a run is under way. */
  readonly busy: () => boolean;
  /** No run starts from now on; resolves once the one under way has ended. */
  readonly stop: () => Promise<void>;
}

export function runAgainIfAsked(task: () => Promise<void>): RunAgain {
  // Changed from callbacks; an object keeps the type checker from assuming constants.
  const state = { again: false, stopped: false };
  let running: Promise<void> | null = null;
  const runAgain = () => state.again && !state.stopped;
  const run = (): Promise<void> => {
    if (state.stopped) return Promise.resolve();
    if (running) {
      state.again = true;
      return running;
    }
    running = (async () => {
      do {
        state.again = false;
        await task();
      } while (runAgain());
    })().finally(() => {
      running = null;
    });
    return running;
  };
  return {
    run,
    busy: () => running !== null,
    stop: async () => {
      state.stopped = true;
      await running;
    },
  };
}
