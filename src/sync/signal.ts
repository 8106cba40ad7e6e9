/**
 * No signal is not server trouble. A request that never reached the server
 * cost it nothing, so the queue does not back off from it: it looks for
 * signal on a short, steady cadence with a probe, a small static file of the
 * app's own origin that touches no database, and sends the moment one
 * answers (scheduler.ts). A basement's radio stalls rather than fails: a
 * request left with no answer is checked against a probe, and aborted only
 * when the probe finds no signal either, so a batch that is merely slow on a
 * live link (256 KB take seconds on one bar) goes on.
 */

/** How often the phone looks for signal while changes wait and none answers. */
export const SIGNAL_CADENCE_MS = 1_000;
/** A request of the queue with no answer after this long is checked against a probe, then again at each cadence. */
export const STALL_MS = 2_000;
/** A probe with no answer within this long found no signal. */
export const PROBE_TIMEOUT_MS = 3_000;
/** After a probe finds signal, the flush waits 0 to this long at random: a basement's phones do not all send in the same 100 ms. */
export const RETURN_JITTER_MS = 250;

/** The probe's file, at the root of the app's origin (public/), and what it holds: a portal's page or another site's answer is not it. */
export const SIGNAL_FILE = '/signal.txt';
export const SIGNAL_TEXT = 'la-cuenta';

/** True when the app's origin answered with its own file; false for no answer, a network error or someone else's page. */
export type Probe = () => Promise<boolean>;

/** The probe of the app's origin: its file fetched past every cache (the service worker passes it to the network, as it keeps no such file). */
export function signalProbe(origin: string, fetcher: typeof fetch = (input, init) => globalThis.fetch(input, init)): Probe {
  const url = new URL(SIGNAL_FILE, origin).href;
  return async () => {
    try {
      const answer = await fetcher(url, { cache: 'no-store', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
      return answer.ok && (await answer.text()).trim() === SIGNAL_TEXT;
    } catch {
      return false;
    }
  };
}

/** Why the watch aborted a request: a reason of its own, so the request's deadline (the server's slowness) is told apart. */
export const NO_SIGNAL = 'no signal';

/** The failure of what never reached the server for want of signal (the scheduler looks for signal, it does not back off). */
export const noSignalError = (): DOMException => new DOMException(NO_SIGNAL, 'AbortError');
export const isNoSignal = (error: unknown): boolean => error instanceof DOMException && error.message === NO_SIGNAL;

/**
 * Watches something under way over the link: with no end after STALL_MS, a
 * probe every cadence until it ends; the first probe that finds no signal
 * calls `noSignal`. Returns what stops the watch (call it at the end).
 */
function watchStall(probe: Probe, noSignal: () => void): () => void {
  let ended = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const check = async () => {
    const found = await probe();
    if (ended) return;
    if (found) timer = setTimeout(() => void check(), SIGNAL_CADENCE_MS);
    else noSignal();
  };
  timer = setTimeout(() => void check(), STALL_MS);
  return () => {
    ended = true;
    clearTimeout(timer);
  };
}

/**
 * Something the queue waits for over the link that cannot be aborted (its own code, loaded once): watched, it fails
 * with noSignalError once a probe finds no signal, and so does its own failure. It goes on meanwhile, and the next
 * try waits for the same load again.
 */
export function watchedLoad<T>(load: Promise<T>, probe: Probe): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const stop = watchStall(probe, () => reject(noSignalError()));
    load.then(resolve, () => reject(noSignalError())).finally(stop);
  });
}

/**
 * The queue's fetch, watched: a request with no answer after STALL_MS is
 * checked against a probe every cadence until it answers; the first probe
 * that finds no signal aborts it. The request's own deadline still holds
 * (a server that answers probes but not the request is slow, not gone).
 */
export function watchedFetch(fetcher: typeof fetch, probe: Probe): typeof fetch {
  return async (input, init) => {
    const watch = new AbortController();
    const outer = init?.signal;
    const follow = () => watch.abort(outer?.reason);
    if (outer?.aborted) follow();
    else outer?.addEventListener('abort', follow, { once: true });
    const stop = watchStall(probe, () => watch.abort(noSignalError()));
    try {
      return await fetcher(input, { ...init, signal: watch.signal });
    } finally {
      stop();
      outer?.removeEventListener('abort', follow);
    }
  };
}
