import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from '../../../src/server/answer.ts';
import { BACKOFF_CAP_MS, retryDelay } from '../../../src/sync/backoff.ts';
import { chunk, MAX_BATCH_BYTES, nextBatch } from '../../../src/sync/batches.ts';
import { classifyAnswer } from '../../../src/sync/classify.ts';
import { describeSync, type SyncSnapshot } from '../../../src/sync/status.ts';
import { outboxKinds } from '../../../src/sync/kinds.ts';
import type { Queued } from '../../../src/sync/entries.ts';
import type { TabEntry as OutboxEntry } from '../../../src/tab/entries.ts';
import { tabKinds } from '../../../src/tab/outbox.ts';
import { phoneDatabase } from '../../../src/db/index.ts';

/** The tab's kinds: cutting the queue asks each entry's kind how far its run goes. */
const KINDS = outboxKinds(tabKinds(phoneDatabase, () => Promise.reject(new Error('nothing is sent here'))));
const cut = (head: readonly OutboxEntry[]) => nextBatch(head as readonly Queued[], KINDS);

describe('classifying the server’s answer', () => {
  it.each([
    [{ status: 201 }, 'ok'],
    [{ status: 204 }, 'ok'],
    [{ status: 409, code: '23505' }, 'ok'],
    [{ status: 0 }, 'retry'],
    [{ status: 408 }, 'retry'],
    [{ status: 429 }, 'retry'],
    [{ status: 500 }, 'retry'],
    [{ status: 503 }, 'retry'],
    [{ status: 503, code: 'PGRST002' }, 'retry'],
    [{ status: 400, code: '22P02' }, 'reject'],
    [{ status: 400, code: '23514' }, 'reject'],
    [{ status: 409, code: '23503', message: 'insert or update on table "orders" violates foreign key constraint "orders_product_on_menu"' }, 'reject'],
    [{ status: 409, code: '23503', message: 'insert or update on table "orders" violates foreign key constraint "orders_user_id_fkey"' }, 'guest-missing'],
    [
      { status: 409, code: '23503', message: 'insert or update on table "bill_claims" violates foreign key constraint "bill_claims_user_id_fkey"' },
      'guest-missing',
    ],
    // PostgREST answers an RLS violation with 401: the body code and message decide, not the status.
    [{ status: 401, code: '42501', message: 'new row violates row-level security policy for table "orders"' }, 'reject'],
    [{ status: 403, code: '42501', message: 'new row violates row-level security policy for table "orders"' }, 'reject'],
    // The same code for a missing GRANT is the schema's fault, not the row's.
    [{ status: 401, code: '42501', message: 'permission denied for table orders' }, 'config'],
    [{ status: 400, code: '23502', message: 'null value in column "table_no" of relation "orders" violates not-null constraint' }, 'config'],
    [{ status: 400, code: '42703', message: 'column "colour" of relation "orders" does not exist' }, 'config'],
    [{ status: 500, code: '40P01', message: 'deadlock detected' }, 'retry'],
    [{ status: 401, code: 'PGRST301' }, 'config'],
    [{ status: 404, code: 'PGRST205' }, 'config'],
    [{ status: 400, code: 'PGRST204' }, 'config'],
    [{ status: 400, code: 'PGRST102', message: 'Empty or invalid json' }, 'reject'],
    [{ status: 401 }, 'config'],
    [{ status: 404 }, 'config'],
    [{ status: 400, code: '42P01' }, 'config'],
  ] as const)('%o → %s', (answer, verdict) => {
    expect(classifyAnswer(answer)).toBe(verdict);
  });
});

describe('backoff', () => {
  it('grows exponentially with full jitter between 1 s and 5 min', () => {
    expect(retryDelay(1, () => 0)).toBe(1000);
    expect(retryDelay(1, () => 0.999)).toBe(1000);
    expect(retryDelay(3, () => 0.5)).toBe(2000);
    expect(retryDelay(4, () => 0.999)).toBe(7992);
    expect(retryDelay(30, () => 0.999)).toBeLessThanOrEqual(BACKOFF_CAP_MS);
    expect(retryDelay(30, () => 0.999)).toBeGreaterThan(BACKOFF_CAP_MS * 0.99);
  });

  it('never retries sooner than Retry-After, nor later than the cap', () => {
    expect(retryDelay(1, () => 0, 30_000)).toBe(30_000);
    expect(retryDelay(1, () => 0, 3_600_000)).toBe(BACKOFF_CAP_MS);
  });

  it('reads Retry-After as seconds or as a date', () => {
    expect(parseRetryAfter('7')).toBe(7000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 05:00:30 GMT', Date.parse('Sun, 22 Nov 2026 05:00:00 GMT'))).toBe(30_000);
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter(null)).toBeUndefined();
  });
});

const GUEST = '8a6e0804-2bd0-4672-b79e-d4b259de3b01';
const order = (seq: number): Extract<OutboxEntry, { kind: 'insert-order' }> & { seq: number } => ({
  seq,
  kind: 'insert-order',
  queuedAt: 0,
  row: {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    user_id: GUEST,
    product_name: 'Aperol Spritz',
    product_price: 6500,
    active: true,
    created_at: '2026-11-21T22:00:00.000Z',
  },
});

describe('cutting the outbox into requests', () => {
  it('takes consecutive inserts into one table, up to 500', () => {
    const head = Array.from({ length: 600 }, (_, index) => order(index + 1));
    const batch = cut(head);
    expect(batch?.kind).toBe('insert-order');
    expect(batch && 'entries' in batch && batch.entries.length).toBe(500);
  });

  it('cuts a run of long rows by size: the request’s rows fit the budget, one more would not', () => {
    const utf8 = (rows: readonly object[]) => new TextEncoder().encode(JSON.stringify(rows)).length - 2; // without [ and ]
    const long = (seq: number, name: string) => ({ ...order(seq), row: { ...order(seq).row, product_name: name } });
    const plain = Array.from({ length: 500 }, (_, index) => long(index + 1, `Pichanga ${'x'.repeat(index % 7 === 0 ? 900 : 300)}`));
    const batch = cut(plain);
    const rows = batch && 'entries' in batch ? batch.entries.map((entry) => (entry as ReturnType<typeof order>).row) : [];
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.length).toBeLessThan(500);
    expect(utf8(rows)).toBeLessThanOrEqual(MAX_BATCH_BYTES);
    expect(utf8(plain.slice(0, rows.length + 1).map((entry) => entry.row))).toBeGreaterThan(MAX_BATCH_BYTES);
    // Letters beyond ASCII are counted high, never low: the request never passes the budget.
    const accented = Array.from({ length: 500 }, (_, index) => long(index + 1, `Ñandú ${'ñ'.repeat(300)}`));
    const cutAccented = cut(accented);
    const accentedRows = cutAccented && 'entries' in cutAccented ? cutAccented.entries.map((entry) => (entry as ReturnType<typeof order>).row) : [];
    expect(accentedRows.length).toBeLessThan(500);
    expect(utf8(accentedRows)).toBeLessThanOrEqual(MAX_BATCH_BYTES);
  });

  it('stops a batch at a reset, keeping FIFO', () => {
    const reset: OutboxEntry = { seq: 3, kind: 'deactivate-orders', queuedAt: 0, guestId: GUEST, orderIds: [order(1).row.id] };
    const batch = cut([order(1), order(2), reset, order(4)]);
    expect(batch && 'entries' in batch && batch.entries.map((entry) => entry.seq)).toEqual([1, 2]);
    expect(cut([reset, order(4)])).toMatchObject({ kind: 'deactivate-orders', entries: [{ seq: 3, guestId: GUEST }] });
  });

  it('reports corrupt entries so they are parked, not retried forever', () => {
    const corrupt = [
      { seq: 1, kind: 'insert-order', queuedAt: 0, row: null },
      { seq: 1, kind: 'insert-order', queuedAt: 0, row: { ...order(1).row, id: 'nope' } },
      { seq: 1, kind: 'insert-user', queuedAt: 0, row: { id: GUEST, full_name: 'x' } },
      { seq: 1, kind: 'deactivate-orders', queuedAt: 0, guestId: GUEST, orderIds: 'all' },
      { seq: 1, kind: 'drop-table', queuedAt: 0 },
      { seq: 1 },
    ] as unknown as OutboxEntry[];
    for (const entry of corrupt) expect(cut([entry]), JSON.stringify(entry)).toMatchObject({ kind: 'corrupt', seq: 1 });
    expect(cut([order(1), ...corrupt])).toMatchObject({ kind: 'insert-order' });
  });

  it('chunks reset ids', () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunk([], 2)).toEqual([]);
  });
});

describe('the status line', () => {
  const base: SyncSnapshot = { pending: 0, rejectedOrders: 0, rejectedOther: 0, online: true, now: 1_000_000 };

  it('never says synced while anything is queued', () => {
    expect(describeSync(base)).toEqual({ tone: 'ok', text: 'Todo sincronizado con el bar.' });
    expect(describeSync({ ...base, pending: 3, oldestQueuedAt: 1_000_000 - 180_000 })).toEqual({
      tone: 'pending',
      text: 'Enviando 3 cambios pendientes (el más antiguo, hace 3 min).',
    });
    expect(describeSync({ ...base, pending: 1, oldestQueuedAt: 999_000 }).text).toBe('Enviando 1 cambio pendiente (el más antiguo, hace un momento).');
  });

  it('says offline, rejected and misconfigured plainly', () => {
    expect(describeSync({ ...base, online: false, pending: 2 }).text).toBe('Sin señal: 2 cambios pendientes, guardados en este teléfono.');
    expect(describeSync({ ...base, online: false }).tone).toBe('offline');
    expect(describeSync({ ...base, rejectedOrders: 1 }).text).toBe('1 pedido no aceptado por el servidor; sigue en este teléfono.');
    expect(describeSync({ ...base, rejectedOther: 1 }).tone).toBe('problem');
    expect(describeSync({ ...base, pending: 4, configError: 'PGRST301' }).tone).toBe('problem');
  });
});
