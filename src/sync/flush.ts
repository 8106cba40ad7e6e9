/**
 * One pass over the outbox: the entries of a kind sent first (every order
 * needs its guest on the server), then the queue in order, passing over what
 * a kind holds back. Each run of consecutive entries of one kind goes to the
 * kind that owns it (kinds.ts), which sends it and says what happened;
 * entries leave the queue only once the server has them. The same code runs
 * in the page and in the service worker, over the same store
 * (outbox-store.ts); a lock lets only one of them run at a time.
 */
import { MAX_BATCH_ROWS, nextBatch } from './batches.ts';
import type { OutboxKinds, Pass, Step } from './kinds.ts';
import type { OutboxStore } from './outbox-store.ts';

export type FlushOutcome =
  | { readonly kind: 'done' }
  /** `noSignal`: the request never reached the server; the scheduler looks for signal instead of backing off. */
  | { readonly kind: 'retry'; readonly retryAfterMs?: number | undefined; readonly error: string; readonly noSignal?: true }
  | { readonly kind: 'config'; readonly error: string }
  /** Another tab or the service worker is flushing right now. */
  | { readonly kind: 'busy' };

export interface FlushDependencies {
  readonly store: OutboxStore;
  readonly kinds: OutboxKinds;
  /** Runs `task` unless another flusher holds the lock; resolves to null then. */
  readonly lock: <T>(task: () => Promise<T>) => Promise<T | null>;
  readonly now?: () => number;
  /** Recorded on parked entries: a new version of the app retries them. */
  readonly appVersion?: string | undefined;
}

export async function flushOutbox(deps: FlushDependencies): Promise<FlushOutcome> {
  const outcome = await deps.lock(() => drain(deps));
  if (outcome === null) return { kind: 'busy' };
  // A configuration error stays on the status line until a pass ends otherwise.
  await deps.store.recordSyncState(outcome.kind === 'config' ? { key: 'flush', configError: outcome.error } : { key: 'flush' });
  return outcome;
}

/**
 * Each round is one read of the queue's head, one request and one write; a
 * pass that delivers one order costs three IndexedDB transactions (a round,
 * and the read that finds the queue empty), plus a read of the sync state.
 */
async function drain(deps: FlushDependencies): Promise<FlushOutcome> {
  const { store } = deps;
  const now = deps.now ?? Date.now;
  const appVersion = deps.appVersion === undefined ? {} : { appVersion: deps.appVersion };
  const done = new Set<string>();
  /** Kinds that cannot be sent from here in this pass: passed over until it ends. */
  const passOver = new Set<string>();
  const pass: Pass = {
    delivered: (entries) => store.delivered(entries.map((entry) => entry.seq)),
    park: (entries, error) =>
      store.park(
        entries.map((entry) => entry.seq),
        { error, parkedAt: now(), ...appVersion },
      ),
    once: (key) => !done.has(key) && Boolean(done.add(key)),
    now,
  };
  for (;;) {
    const batch = nextBatch(await store.head(MAX_BATCH_ROWS, passOver), deps.kinds);
    if (!batch) return { kind: 'done' };
    if ('reason' in batch) {
      await store.park([batch.seq], { error: batch.reason, parkedAt: now(), ...appVersion });
      continue;
    }
    const step: Step = await batch.owner.send(batch.entries, pass);
    if (step.kind === 'held') for (const name of batch.owner.names) passOver.add(name);
    else if (step.kind !== 'sent') return step;
  }
}
