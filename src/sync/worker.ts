/**
 * The service worker's side of the queue: the browser fires Background Sync
 * when the signal returns, even with the app closed, and the worker runs the
 * very same flush as the page, under the same lock.
 */
import { env } from '../config/env.ts';
import { db } from '../db/index.ts';
import { flushOutbox } from './flush.ts';
import { flushLock } from './lock.ts';
import { createSupabaseTransport } from './transport.ts';

export { BACKGROUND_SYNC_TAG } from './background-sync.ts';

/**
 * Resolves when the queue is empty or must wait for a fix; rejects when it
 * should be retried, so the browser schedules another sync with its own backoff.
 */
export async function flushFromWorker(): Promise<void> {
  const backend = env.backend;
  if (!backend) return;
  const transport = await createSupabaseTransport({ url: backend.supabaseUrl, anonKey: backend.supabaseAnonKey });
  const outcome = await flushOutbox({ database: db, transport, lock: flushLock(), appVersion: env.appVersion });
  if (outcome.kind === 'retry' || outcome.kind === 'busy') throw new Error(`outbox not flushed: ${outcome.kind}`);
}
