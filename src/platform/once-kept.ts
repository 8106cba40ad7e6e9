/**
 * Work for later that must not compete with the first load on one bar of
 * signal: it runs once a service worker is in charge of the page (the app is
 * kept on the phone) and the browser has nothing else to do.
 */
export function onceKeptAndIdle(task: () => void): void {
  if (!('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready.then(() => {
    // Safari has no requestIdleCallback: the next task is the best it offers.
    if ('requestIdleCallback' in window) window.requestIdleCallback(task, { timeout: 5_000 });
    else setTimeout(task, 0);
  });
}
