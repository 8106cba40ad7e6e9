/**
 * Work for later that must not compete with what the guest is doing: it runs
 * when the browser has nothing else to do, and (`onceKeptAndIdle`) only once a
 * service worker keeps the app and is in charge of the page, so not during the
 * first load on one bar of signal either, and whatever it loads then goes
 * through the worker, which keeps it.
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

/** A page the worker never takes (one reloaded past it) goes on this long after the worker is ready. */
const NOT_TAKEN_MS = 5_000;

/**
 * Resolves once a worker keeps the app (`ready`) and is in charge of this page, activated: on a first visit a moment
 * after `ready`, as the worker finishes activating and claims the page.
 */
function kept(container: ServiceWorkerContainer): Promise<void> {
  return container.ready.then(
    () =>
      new Promise<void>((resolve) => {
        const inCharge = () => container.controller?.state === 'activated';
        if (inCharge()) {
          resolve();
          return;
        }
        const done = () => {
          clearTimeout(timer);
          container.removeEventListener('controllerchange', look);
          resolve();
        };
        const look = () => {
          if (inCharge()) done();
          else container.controller?.addEventListener('statechange', () => inCharge() && done());
        };
        const timer = setTimeout(done, NOT_TAKEN_MS);
        container.addEventListener('controllerchange', look);
        look();
      }),
  );
}

export function onceKeptAndIdle(task: () => void): void {
  if (!('serviceWorker' in navigator)) return;
  void kept(navigator.serviceWorker).then(() => onIdle(task));
}
