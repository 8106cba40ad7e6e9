/**
 * Work for later that must not compete with what the guest is doing: it runs
 * when the browser has nothing else to do, and (`onceKeptAndIdle`) only once a
 * service worker is in charge of the page, so not during the first load on one
 * bar of signal either.
 */

/** Runs `task` once the browser is idle (at the latest in 5 s); returns what cancels it. */
export function onIdle(task: () => void): () => void {
  // Safari has no requestIdleCallback: the next task is the best it offers.
  if (!('requestIdleCallback' in window)) {
    const timer = setTimeout(task, 0);
    return () => clearTimeout(timer);
  }
  const request = window.requestIdleCallback(task, { timeout: 5_000 });
  return () => window.cancelIdleCallback(request);
}

export function onceKeptAndIdle(task: () => void): void {
  if (!('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready.then(() => onIdle(task));
}
