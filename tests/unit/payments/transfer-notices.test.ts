/**
 * 'Ya transferí' on the phone: the notice and its outbox entry in one
 * transaction, sent through rpc/notify_transfer by the page and by the
 * queue's worker alike, waiting with no signal, answered the same on a
 * replay, parked on a refusal (and back on 'Reintentar'), retried on a 5xx;
 * and the tab's lines: the phone's and the server's, each notice once.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../../src/db/database.ts';
import { openMadeDatabase, overIndexedDb, type PhoneDatabase } from '../../../src/db/idb.ts';
import { phoneDatabase, type TransferNoticeRecord } from '../../../src/db/index.ts';
import { checkNotice, transferKind, TRANSFER_NOTICE } from '../../../src/payments/transfer-kind.ts';
import { noticesShown, noticeText, sayTransferred } from '../../../src/payments/transfers.ts';
import { flushOutbox, inProcessLock, outboxKinds, outboxStore, type OutboxStore, type SyncTransport } from '../../../src/sync/index.ts';
import type { QueuedEntry } from '../../../src/sync/queue.ts';
import { guestRows } from '../../../src/tab/guest-rows.ts';
import { tabKinds } from '../../../src/tab/outbox.ts';
import { recordingTransport, type TransportCall } from '../../support/fake-transport.ts';

const ANA = { id: '8a6e0804-2bd0-4672-b79e-d4b259de3b01', full_name: 'Ana' };
const TAP = new Date('2026-11-28T02:40:00.000Z');

interface Phone {
  readonly database: PhoneDatabase;
  readonly store: OutboxStore;
  flush(transport: SyncTransport): ReturnType<typeof flushOutbox>;
  close(): void;
}

/** The phone's outbox with the tab's kinds and the notices', over the page's connection (Dexie's) or the worker's own. */
async function phoneOutbox(where: 'page' | 'worker'): Promise<Phone> {
  let database = phoneDatabase;
  let close = (): void => undefined;
  if (where === 'worker') {
    await db.open();
    const connection = await openMadeDatabase(db.name);
    if (!connection) throw new Error('the worker could not open the page’s database at this schema');
    database = overIndexedDb(connection.name, () => Promise.resolve(connection));
    close = () => connection.close();
  }
  let sending: SyncTransport | null = null;
  const transport = () => {
    if (!sending) throw new Error('no transport');
    return sending;
  };
  const kinds = outboxKinds([...tabKinds(database, transport), transferKind(database, transport)]);
  const store = outboxStore(database, kinds);
  return {
    database,
    store,
    flush: (next) => {
      sending = next;
      return flushOutbox({ store, kinds, lock: inProcessLock(), appVersion: 'test' });
    },
    close,
  };
}

/** notify_transfer's answer: the notice as stored (the server's time no later than its own clock). */
const stored = (call: TransportCall, at = String(call.args?.p_created_at)) => ({ status: 200, data: { id: call.args?.p_id, amount: call.args?.p_amount, at } });
const notices = () => db.transfers.toArray();

describe.each(['page', 'worker'] as const)('a transfer notice, flushed in the %s', (where) => {
  let phone: Phone;
  beforeEach(async () => {
    phone = await phoneOutbox(where);
    await guestRows(phoneDatabase).queueGuest(ANA);
  });
  afterEach(() => phone.close());

  it('is kept with its entry at the tap, sent to notify_transfer after the guest’s row, and marked sent with the server’s time', async () => {
    const notice = await sayTransferred(ANA.id, 4_840, TAP);
    expect(await notices()).toEqual([{ id: notice.id, guest: ANA.id, amount: 4_840, at: TAP.toISOString(), state: 'queued' }]);
    expect(await db.outbox.where('kind').equals(TRANSFER_NOTICE).toArray()).toMatchObject([
      { kind: TRANSFER_NOTICE, guestId: ANA.id, notice: { id: notice.id, amount: 4_840, created_at: TAP.toISOString() } },
    ]);
    const serverAt = '2026-11-28T02:39:58.000Z';
    const { transport, calls } = recordingTransport((call) => (call.kind === 'function' ? stored(call, serverAt) : { status: 201 }));
    expect(await phone.flush(transport)).toEqual({ kind: 'done' });
    expect(calls.map((call) => [call.kind, call.table ?? call.name])).toEqual([
      ['insert', 'users'],
      ['function', 'notify_transfer'],
    ]);
    expect(calls[1]).toMatchObject({ guestId: ANA.id, args: { p_id: notice.id, p_amount: 4_840, p_created_at: TAP.toISOString() } });
    expect(await db.outbox.count()).toBe(0);
    expect(await notices()).toEqual([{ ...notice, at: serverAt, state: 'sent' }]);
  });

  it('waits with no signal, counted on the status line, and goes once when the signal returns', async () => {
    await phone.flush(recordingTransport().transport);
    await sayTransferred(ANA.id, 4_840, TAP);
    const offline = recordingTransport(() => ({ status: 0, message: 'fetch failed' }));
    expect((await phone.flush(offline.transport)).kind).toBe('retry');
    expect((await phone.store.summary()).pending).toBe(1);
    expect((await notices())[0]?.state).toBe('queued');
    const online = recordingTransport((call) => stored(call));
    expect(await phone.flush(online.transport)).toEqual({ kind: 'done' });
    expect(online.calls.filter((call) => call.kind === 'function')).toHaveLength(1);
    expect((await notices())[0]?.state).toBe('sent');
  });

  it('a server down (5xx) keeps it queued for the backoff, with its Retry-After', async () => {
    await phone.flush(recordingTransport().transport);
    await sayTransferred(ANA.id, 4_840, TAP);
    const outcome = await phone.flush(recordingTransport(() => ({ status: 503, retryAfterMs: 2_000 })).transport);
    expect(outcome).toMatchObject({ kind: 'retry', retryAfterMs: 2_000 });
    expect(await db.outbox.where('kind').equals(TRANSFER_NOTICE).count()).toBe(1);
    expect(await db.parked.count()).toBe(0);
  });

  it('a replay (the server stored it, its answer was lost) is answered with the same notice: one on the server, one on the phone', async () => {
    await phone.flush(recordingTransport().transport);
    const notice = await sayTransferred(ANA.id, 4_840, TAP);
    // notify_transfer as the database runs it: by the phone's id, a replay answers what it stored.
    const server = new Map<string, ReturnType<typeof stored>>();
    const notify = (call: TransportCall) => {
      const id = String(call.args?.p_id);
      if (!server.has(id)) server.set(id, stored(call));
      return server.get(id) ?? { status: 500 };
    };
    const lost = recordingTransport((call) => (notify(call), { status: 0, message: 'connection reset' }));
    expect((await phone.flush(lost.transport)).kind).toBe('retry');
    const back = recordingTransport(notify);
    expect(await phone.flush(back.transport)).toEqual({ kind: 'done' });
    expect(await phone.flush(back.transport)).toEqual({ kind: 'done' });
    expect([...lost.calls, ...back.calls].map((call) => call.args?.p_id)).toEqual([notice.id, notice.id]);
    expect(server.size).toBe(1);
    expect(await notices()).toEqual([{ ...notice, state: 'sent' }]);
  });

  it('a refusal (4xx) is parked, the notice marked refused, the rest goes on; ‘Reintentar’ sends it again', async () => {
    await phone.flush(recordingTransport().transport);
    await sayTransferred(ANA.id, 4_840, TAP);
    const refused = recordingTransport((call) =>
      call.kind === 'function' ? { status: 400, code: '23514', message: 'new row violates check constraint "transfer_notices_amount_check"' } : { status: 201 },
    );
    expect(await phone.flush(refused.transport)).toEqual({ kind: 'done' });
    expect(await db.outbox.count()).toBe(0);
    expect(await db.parked.where('kind').equals(TRANSFER_NOTICE).count()).toBe(1);
    expect((await notices())[0]?.state).toBe('refused');
    expect((await phone.store.summary()).rejectedOther).toBe(1);

    expect(await phone.store.retryParked({ all: true })).toBe(1);
    expect((await notices())[0]?.state).toBe('queued');
    expect(await phone.flush(recordingTransport((call) => stored(call)).transport)).toEqual({ kind: 'done' });
    expect((await notices())[0]?.state).toBe('sent');
    expect(await db.parked.count()).toBe(0);
  });

  it('the server lost the guest: their row goes again, then the notice', async () => {
    await phone.flush(recordingTransport().transport);
    await sayTransferred(ANA.id, 4_840, TAP);
    let lost = true;
    const { transport, calls } = recordingTransport((call) => {
      if (call.kind === 'function' && lost) {
        lost = false;
        return { status: 409, code: '23503', message: 'transfer_notices_user: the guest is not in this party' };
      }
      return call.kind === 'function' ? stored(call) : { status: 201 };
    });
    expect(await phone.flush(transport)).toEqual({ kind: 'done' });
    expect(calls.map((call) => [call.kind, call.table ?? call.name])).toEqual([
      ['function', 'notify_transfer'],
      ['insert', 'users'],
      ['function', 'notify_transfer'],
    ]);
    expect((await notices())[0]?.state).toBe('sent');
  });

  it('a missing guest header pauses the queue and drops nothing', async () => {
    await phone.flush(recordingTransport().transport);
    await sayTransferred(ANA.id, 4_840, TAP);
    const outcome = await phone.flush(recordingTransport(() => ({ status: 403, code: '42501', message: 'guest_unknown: no guest' })).transport);
    expect(outcome.kind).toBe('config');
    expect(await db.outbox.where('kind').equals(TRANSFER_NOTICE).count()).toBe(1);
  });
});

describe('a transfer notice’s entry and lines', () => {
  it('an entry that is no notice is refused before it is sent', () => {
    const entry = { kind: TRANSFER_NOTICE, queuedAt: 1, guestId: ANA.id, notice: { id: ANA.id, amount: 4_840, created_at: TAP.toISOString() } };
    const broken: (QueuedEntry & Record<string, unknown>)[] = [
      { ...entry, notice: { ...entry.notice, amount: 0 } },
      { ...entry, notice: { ...entry.notice, amount: 48.4 } },
      { ...entry, guestId: 'ana' },
    ];
    expect(checkNotice(entry)).toBe(entry);
    for (const raw of broken) expect(checkNotice(raw)).toBe('invalid transfer notice');
  });

  it('says each notice once: the server’s as stored, the phone’s until the server lists it, oldest first', () => {
    const phone: TransferNoticeRecord[] = [
      { id: 'b', guest: ANA.id, amount: 4_840, at: '2026-11-28T02:40:00.000Z', state: 'sent' },
      { id: 'c', guest: ANA.id, amount: 1_100, at: '2026-11-28T03:10:00.000Z', state: 'queued' },
    ];
    const server = [
      { id: 'b', amount: 4_840, at: '2026-11-28T02:39:58.000Z' },
      { id: 'a', amount: 2_000, at: '2026-11-28T01:00:00.000Z' },
    ];
    expect(noticesShown(phone, server)).toEqual([
      { id: 'a', amount: 2_000, at: '2026-11-28T01:00:00.000Z', state: 'sent' },
      { id: 'b', amount: 4_840, at: '2026-11-28T02:39:58.000Z', state: 'sent' },
      { id: 'c', guest: ANA.id, amount: 1_100, at: '2026-11-28T03:10:00.000Z', state: 'queued' },
    ]);
  });

  it('in the tab’s words, the time on the phone’s clock', () => {
    const at = '2026-11-28T02:40:00.000Z';
    const time = new Date(at).toLocaleTimeString('es-CL', { hour: '2-digit', minute: '2-digit', hour12: false });
    expect(noticeText({ id: 'a', amount: 4_840, at, state: 'sent' })).toBe(`Avisaste que transferiste $4.840 · ${time}`);
    expect(noticeText({ id: 'a', amount: 4_840, at, state: 'refused' })).toBe(`El bar no recibió tu aviso de $4.840 · ${time}.`);
  });
});
