/**
 * One pass over the outbox: the queued guests' rows first (every order needs
 * its guest on the server), then the queue in order, passing over the changes
 * of a guest whose row the server refused (they wait for the guest's new name).
 * Consecutive inserts of one guest go as one bulk upsert, a refused batch is
 * split in halves until the bad row is alone, resets, removals and undos set
 * the same orders' `active` flag, and entries leave the queue only once the
 * server has them. The same code runs in the page and in the service worker,
 * over the same store (outbox-store.ts); a lock lets only one of them run at a time.
 */
import { chunk, MAX_BATCH_ROWS, nextBatch, RESET_CHUNK_IDS, type Batch, type QueuedInsert } from './batches.ts';
import { classifyAnswer } from './classify.ts';
import type { OutboxStore } from './outbox-store.ts';
import type { SyncTransport, WriteResult } from './transport.ts';

export type FlushOutcome =
  | { readonly kind: 'done' }
  | { readonly kind: 'retry'; readonly retryAfterMs?: number | undefined; readonly error: string }
  | { readonly kind: 'config'; readonly error: string }
  /** Another tab or the service worker is flushing right now. */
  | { readonly kind: 'busy' };

type Step = { readonly kind: 'sent' } | Exclude<FlushOutcome, { kind: 'done' } | { kind: 'busy' }>;

export interface FlushDependencies {
  readonly store: OutboxStore;
  readonly transport: SyncTransport;
  /** Runs `task` unless another flusher holds the lock; resolves to null then. */
  readonly lock: <T>(task: () => Promise<T>) => Promise<T | null>;
  readonly now?: () => number;
  /** Recorded on parked entries: a new version of the app retries them. */
  readonly appVersion?: string | undefined;
}

/** One pass over the queue: its dependencies, and the guests whose row it has already sent again. */
interface Pass {
  readonly store: OutboxStore;
  readonly transport: SyncTransport;
  readonly now: () => number;
  readonly appVersion: string | undefined;
  readonly requeued: Set<string>;
}

const SENT: Step = { kind: 'sent' };

function describe(answer: WriteResult): string {
  return [answer.status ? `HTTP ${answer.status}` : 'no answer', answer.code, answer.message].filter(Boolean).join(' · ');
}

export async function flushOutbox(deps: FlushDependencies): Promise<FlushOutcome> {
  const pass: Pass = {
    store: deps.store,
    transport: deps.transport,
    now: deps.now ?? Date.now,
    appVersion: deps.appVersion,
    requeued: new Set(),
  };
  const outcome = await deps.lock(() => drain(pass));
  if (outcome === null) return { kind: 'busy' };
  await recordOutcome(pass, outcome);
  return outcome;
}

/**
 * Each round is one read of the queue's head, one request and one write; a
 * pass that delivers one order costs three IndexedDB transactions (a round,
 * and the read that finds the queue empty), plus a read of the sync state.
 */
async function drain(pass: Pass): Promise<FlushOutcome> {
  for (;;) {
    const head = await pass.store.head(MAX_BATCH_ROWS);
    const batch = nextBatch(head);
    if (!batch) return { kind: 'done' };
    const step = await send(pass, batch);
    if (step.kind !== 'sent') return step;
  }
}

function send(pass: Pass, batch: Batch): Promise<Step> {
  switch (batch.kind) {
    case 'corrupt':
      return park(pass, [batch.seq], batch.reason).then(() => SENT);
    case 'set-active':
      return sendActive(pass, batch);
    case 'insert-user':
      return sendInserts(pass, 'users', batch.entries, (row) => row.id);
    case 'insert-order':
      return sendInserts(pass, 'orders', batch.entries, (row) => row.user_id);
  }
}

/**
 * One upsert per guest run (the header names the guest). A refusal is split in
 * halves until the refused row is alone and parked, so one bad row never holds back the rest.
 */
async function sendInserts<Row extends object>(
  deps: Pass,
  table: 'users' | 'orders',
  entries: readonly QueuedInsert<Row>[],
  guestOf: (row: Row) => string,
): Promise<Step> {
  for (const run of runsByGuest(entries, guestOf)) {
    const step = await upsertOrSplit(deps, table, run, guestOf(run[0]?.row as Row));
    if (step.kind !== 'sent') return step;
  }
  return SENT;
}

async function upsertOrSplit<Row extends object>(deps: Pass, table: 'users' | 'orders', entries: readonly QueuedInsert<Row>[], guestId: string): Promise<Step> {
  const answer = await deps.transport.insertRows(
    table,
    guestId,
    entries.map((entry) => entry.row),
  );
  const verdict = classifyAnswer(answer);
  if (verdict === 'ok') {
    await delivered(deps, table, guestId, entries);
    return SENT;
  }
  if (verdict === 'retry') return { kind: 'retry', retryAfterMs: answer.retryAfterMs, error: describe(answer) };
  if (verdict === 'config') return { kind: 'config', error: describe(answer) };
  if (verdict === 'guest-missing') return sendGuestAgain(deps, guestId, describe(answer));
  if (entries.length === 1) {
    await park(
      deps,
      entries.map((entry) => entry.seq),
      describe(answer),
    );
    return SENT;
  }
  const middle = Math.ceil(entries.length / 2);
  const first = await upsertOrSplit(deps, table, entries.slice(0, middle), guestId);
  if (first.kind !== 'sent') return first;
  return upsertOrSplit(deps, table, entries.slice(middle), guestId);
}

/** The server has these rows: they leave the queue, and a guest's row is known to be there. */
function delivered(deps: Pass, table: 'users' | 'orders', guestId: string, entries: readonly QueuedInsert<object>[]): Promise<void> {
  const seqs = entries.map((entry) => entry.seq);
  return table === 'users' ? deps.store.delivered(seqs, guestId) : deps.store.delivered(seqs);
}

/**
 * The server has no row for the orders' guest (its database was reset, or an
 * earlier run marked the guest sent too soon): queue the guest's row again,
 * ahead of the orders, which wait in the queue. Once per pass, so a server
 * that keeps losing it cannot spin the queue.
 */
async function sendGuestAgain(deps: Pass, guestId: string, error: string): Promise<Step> {
  const guest = await deps.store.guest(guestId);
  if (!guest || deps.requeued.has(guestId)) return { kind: 'retry', error };
  deps.requeued.add(guestId);
  await deps.store.queueGuest({ id: guest.id, full_name: guest.full_name }, deps.now());
  return SENT;
}

/** A reset, a removal or its undo: the same orders' `active`, set by id. */
async function sendActive(deps: Pass, { seq, guestId, orderIds, active }: Extract<Batch, { kind: 'set-active' }>): Promise<Step> {
  // Setting a flag is idempotent: chunks already sent may be sent again after a retry.
  for (const ids of chunk(orderIds, RESET_CHUNK_IDS)) {
    const answer = await deps.transport.setOrdersActive(guestId, ids, active);
    const verdict = classifyAnswer(answer);
    if (verdict === 'retry') return { kind: 'retry', retryAfterMs: answer.retryAfterMs, error: describe(answer) };
    if (verdict === 'config') return { kind: 'config', error: describe(answer) };
    if (verdict === 'reject' || verdict === 'guest-missing') {
      await park(deps, [seq], describe(answer));
      return SENT;
    }
  }
  await deps.store.delivered([seq]);
  return SENT;
}

/** Consecutive entries of one guest; a bulk upsert carries one guest's header. */
function runsByGuest<Row>(entries: readonly QueuedInsert<Row>[], guestOf: (row: Row) => string): QueuedInsert<Row>[][] {
  const runs: QueuedInsert<Row>[][] = [];
  for (const entry of entries) {
    const last = runs.at(-1);
    if (last?.[0] && guestOf(last[0].row) === guestOf(entry.row)) last.push(entry);
    else runs.push([entry]);
  }
  return runs;
}

/**
 * Moves refused entries out of the queue, keeping payload, reason and app
 * version; their orders stay, marked "no aceptado", and a refused guest's
 * changes wait for the guest to fix their name.
 */
function park(deps: Pass, seqs: readonly number[], error: string): Promise<void> {
  const appVersion = deps.appVersion === undefined ? {} : { appVersion: deps.appVersion };
  return deps.store.park(seqs, { error, parkedAt: deps.now(), ...appVersion });
}

/** A configuration error stays on the status line until a pass ends otherwise. */
function recordOutcome(pass: Pass, outcome: FlushOutcome): Promise<void> {
  return pass.store.recordSyncState(outcome.kind === 'config' ? { key: 'flush', configError: outcome.error } : { key: 'flush' });
}
