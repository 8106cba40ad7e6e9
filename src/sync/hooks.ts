/** The status line, live from the page's outbox (the one main.tsx built, which the views reach through page.ts's context). */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { env } from '../config/env.ts';
import { phoneDatabase, watchStores, type QuietWait } from '../db/index.ts';
import { useClock } from '../platform/clock.ts';
import { runAgainIfAsked } from '../platform/index.ts';
import type { QueueSummary } from './outbox-store.ts';
import { usePageOutbox, type PageOutbox } from './page.ts';
import { describeSync, type SyncLine } from './status.ts';

export { usePageOutbox };

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** The status line ages "hace 3 min" in minutes: half a minute between two looks at the clock is enough. */
const LINE_CLOCK_MS = 30_000;

/**
 * The line follows the queue a moment behind: read again once the queue has
 * been still for a short while (at most a second behind during a burst of
 * picks), not between two taps.
 */
const LINE_QUIET: QuietWait = { quietMs: 150, maxWaitMs: 1_000 };

function useQueueSummary(outbox: PageOutbox): QueueSummary | undefined {
  const [summary, setSummary] = useState<QueueSummary>();
  useEffect(() => {
    if (!outbox) return undefined;
    let current = true;
    // A change during a read may have missed it: the queue is read once more.
    const reads = runAgainIfAsked(async () => {
      const next = await outbox.then((ready) => ready.store.summary()).catch(() => undefined);
      if (next && current) setSummary(next);
    });
    void reads.run();
    // The queue's stores, and those a kind reads to judge its refused entries (a refused pick taken off the tab leaves the line).
    let stopWatching = watchStores(phoneDatabase.name, ['outbox', 'parked', 'syncState'], LINE_QUIET, () => void reads.run());
    void outbox.then(
      (ready) => {
        if (!current) return;
        stopWatching();
        stopWatching = watchStores(phoneDatabase.name, ready.store.watched(), LINE_QUIET, () => void reads.run());
      },
      () => undefined,
    );
    return () => {
      current = false;
      void reads.stop();
      stopWatching();
    };
  }, [outbox]);
  return summary;
}

/** True while the outbox's last try found no signal and no request is under way (engine.ts): navigator.onLine alone is only a hint. */
function useNoSignal(outbox: PageOutbox): boolean {
  const [noSignal, setNoSignal] = useState(false);
  useEffect(() => {
    if (!outbox) return undefined;
    let stop: (() => void) | undefined;
    let current = true;
    void outbox
      .then((ready) => {
        if (!current) return;
        const read = () => setNoSignal(ready.noSignal());
        read();
        stop = ready.onSignal(read);
      })
      .catch(() => undefined);
    return () => {
      current = false;
      stop?.();
    };
  }, [outbox]);
  return noSignal;
}

/** Whether the browser says the phone is online: a hint, never the truth (the line also asks the server). */
export function useBrowserOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

/** The status line, live from the outbox; null when no backend is configured or while loading. */
export function useSyncLine(): SyncLine | null {
  const outbox = usePageOutbox();
  const browserOnline = useBrowserOnline();
  const noSignal = useNoSignal(outbox);
  const now = useClock(LINE_CLOCK_MS);
  const queue = useQueueSummary(outbox);
  if (!env.backend || !queue) return null;
  return describeSync({ ...queue, online: browserOnline && !noSignal, now });
}

/** 'Reintentar' on the guest's line: every parked change the line counts goes back to the queue, and is sent. */
export async function retryRefusedChanges(outbox: PageOutbox): Promise<number> {
  const ready = await outbox;
  if (!ready) return 0;
  const offTheLine = ready.kinds.all().flatMap((kind) => (kind.line ? [] : kind.names));
  return ready.retryParked({ all: true, except: offTheLine });
}
