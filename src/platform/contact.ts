/** The moments a phone asks the server again about what it shows beside the tab. */

/**
 * Calls `ask` at each contact the phone can have: now, when the signal
 * returns, when the page shows again, and every `everyMs` while it shows
 * (never while hidden or with no signal). Returns what stops it.
 */
export function atEachContact(ask: () => void, everyMs: number): () => void {
  const whenReachable = () => {
    if (document.visibilityState === 'visible' && navigator.onLine) ask();
  };
  whenReachable();
  const timer = setInterval(whenReachable, everyMs);
  window.addEventListener('online', whenReachable);
  document.addEventListener('visibilitychange', whenReachable);
  return () => {
    clearInterval(timer);
    window.removeEventListener('online', whenReachable);
    document.removeEventListener('visibilitychange', whenReachable);
  };
}
