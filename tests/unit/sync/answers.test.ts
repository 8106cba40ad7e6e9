import { describe, expect, it } from 'vitest';
import { settleAnswer, sortAnswer, type AnswerRules, type OwnAnswers, type SortedAnswer } from '../../../src/sync/answers.ts';
import type { Queued } from '../../../src/sync/entries.ts';
import type { Pass, Step } from '../../../src/sync/kinds.ts';

const ORDER_GUEST_GONE = 'insert or update on table "orders" violates foreign key constraint "orders_user_id_fkey"';
const NOTICE_GUEST_GONE = 'transfer_notices_user: the guest is not in this party';
const NOTICE_RULES: AnswerRules = { guestKeys: ['transfer_notices_user'] };
const HOST_RULES: AnswerRules = { heldStatuses: [401], refusedByStatus: true };

describe('sorting the server’s answer', () => {
  it.each<[string, Parameters<typeof sortAnswer>[0], AnswerRules, SortedAnswer]>([
    ['a write that went through', { status: 201 }, {}, { kind: 'ok' }],
    ['a replay the server already has', { status: 409, code: '23505' }, {}, { kind: 'ok' }],
    ['no answer', { status: 0 }, {}, { kind: 'retry', retryAfterMs: undefined, error: 'no answer' }],
    [
      'a busy server, with its wait',
      { status: 503, code: 'PGRST002', retryAfterMs: 3000 },
      {},
      { kind: 'retry', retryAfterMs: 3000, error: 'HTTP 503 · PGRST002' },
    ],
    ['a bad key', { status: 401, code: 'PGRST301' }, {}, { kind: 'config', error: 'HTTP 401 · PGRST301' }],
    ['a refusal by status alone, from a table', { status: 400 }, {}, { kind: 'config', error: 'HTTP 400' }],
    [
      'an order whose guest is missing',
      { status: 409, code: '23503', message: ORDER_GUEST_GONE },
      {},
      { kind: 'guest-missing', error: `HTTP 409 · 23503 · ${ORDER_GUEST_GONE}` },
    ],
    [
      'a notice whose guest is missing, without the rule',
      { status: 409, code: '23503', message: NOTICE_GUEST_GONE },
      {},
      { kind: 'reject', error: `HTTP 409 · 23503 · ${NOTICE_GUEST_GONE}` },
    ],
    [
      'a notice whose guest is missing, with the rule',
      { status: 409, code: '23503', message: NOTICE_GUEST_GONE },
      NOTICE_RULES,
      { kind: 'guest-missing', error: `HTTP 409 · 23503 · ${NOTICE_GUEST_GONE}` },
    ],
    [
      'another key under the notice’s rule',
      { status: 409, code: '23503', message: ORDER_GUEST_GONE },
      NOTICE_RULES,
      { kind: 'guest-missing', error: `HTTP 409 · 23503 · ${ORDER_GUEST_GONE}` },
    ],
    ['bad data', { status: 400, code: '22P02' }, {}, { kind: 'reject', error: 'HTTP 400 · 22P02' }],
    [
      'row level security',
      { status: 401, code: '42501', message: 'new row violates row-level security policy' },
      {},
      { kind: 'reject', error: 'HTTP 401 · 42501 · new row violates row-level security policy' },
    ],
    ['the host’s key refused', { status: 401, error: 'La clave no es válida.' }, HOST_RULES, { kind: 'held' }],
    ['the host function’s refusal', { status: 400, error: 'Ese invitado no está.' }, HOST_RULES, { kind: 'reject', error: 'Ese invitado no está.' }],
    [
      'the host function busy',
      { status: 429, error: 'Espera un poco.', retryAfterMs: 5000 },
      HOST_RULES,
      { kind: 'retry', retryAfterMs: 5000, error: 'Espera un poco.' },
    ],
    ['the host function out of reach', { status: 0, error: 'offline' }, HOST_RULES, { kind: 'retry', retryAfterMs: undefined, error: 'offline' }],
    ['a code under the host’s rules is still the code’s', { status: 404, code: 'PGRST205' }, HOST_RULES, { kind: 'config', error: 'HTTP 404 · PGRST205' }],
    [
      'a bound that never lifts, though its status says later (the 21st transfer notice)',
      { status: 429, code: 'PT429', message: 'Ya avisaste 20 transferencias' },
      { refusedCodes: ['PT429'] },
      { kind: 'reject', error: 'HTTP 429 · PT429 · Ya avisaste 20 transferencias' },
    ],
    [
      'a 429 of another code under the same rules waits',
      { status: 429 },
      { refusedCodes: ['PT429'] },
      { kind: 'retry', retryAfterMs: undefined, error: 'HTTP 429' },
    ],
  ])('%s', (_, answer, rules, sorted) => {
    expect(sortAnswer(answer, rules)).toStrictEqual(sorted);
  });
});

type Entry = Queued;
const ENTRIES: Entry[] = [{ kind: 'test', queuedAt: 1, seq: 7 }];

/** A pass that writes down what the kind did with the queue, in order. */
function recordingPass(): { pass: Pass; done: string[] } {
  const done: string[] = [];
  const pass: Pass = {
    delivered: (entries) => {
      done.push(`delivered ${entries.map((entry) => entry.seq).join()}`);
      return Promise.resolve();
    },
    park: (entries, error) => {
      done.push(`parked ${entries.map((entry) => entry.seq).join()}: ${error}`);
      return Promise.resolve();
    },
    once: () => true,
    now: () => 0,
  };
  return { pass, done };
}

async function settle(sorted: SortedAnswer, own?: (done: string[]) => OwnAnswers): Promise<{ step: Step; done: string[] }> {
  const { pass, done } = recordingPass();
  const step = await settleAnswer(sorted, pass, ENTRIES, own?.(done));
  return { step, done };
}

describe('settling a sorted answer', () => {
  it('delivers what the server took, after the kind kept its part of the answer', async () => {
    const { step, done } = await settle({ kind: 'ok' }, (log) => ({ taken: () => Promise.resolve(void log.push('kept')) }));
    expect(step).toEqual({ kind: 'sent' });
    expect(done).toEqual(['kept', 'delivered 7']);
  });

  it.each<SortedAnswer>([{ kind: 'retry', retryAfterMs: 2000, error: 'HTTP 503' }, { kind: 'config', error: 'HTTP 401 · PGRST301' }, { kind: 'held' }])(
    'passes %o on to the outbox, touching nothing',
    async (sorted) => {
      const { step, done } = await settle(sorted, (log) => ({ taken: () => Promise.resolve(void log.push('kept')) }));
      expect(step).toBe(sorted);
      expect(done).toEqual([]);
    },
  );

  it('parks a refusal with its reason', async () => {
    const { step, done } = await settle({ kind: 'reject', error: 'HTTP 400 · 22P02' });
    expect(step).toEqual({ kind: 'sent' });
    expect(done).toEqual(['parked 7: HTTP 400 · 22P02']);
  });

  it.each<[string, SortedAnswer, keyof OwnAnswers]>([
    ['a refusal (a run split in halves)', { kind: 'reject', error: 'HTTP 400 · 22P02' }, 'refused'],
    ['a missing guest (their row queued again)', { kind: 'guest-missing', error: 'HTTP 409 · 23503' }, 'guestMissing'],
  ])('leaves %s to the kind when it says how', async (_, sorted, way) => {
    const own: Step = { kind: 'retry', error: 'the kind’s own step' };
    const { step, done } = await settle(sorted, (log) => ({ [way]: (error: string) => Promise.resolve((log.push(`${way}: ${error}`), own)) }));
    expect(step).toBe(own);
    expect(done).toEqual([`${way}: ${'error' in sorted ? sorted.error : ''}`]);
  });

  it('parks an entry whose guest is missing when the kind has no way back (a flag on orders)', async () => {
    const { step, done } = await settle({ kind: 'guest-missing', error: 'HTTP 409 · 23503' });
    expect(step).toEqual({ kind: 'sent' });
    expect(done).toEqual(['parked 7: HTTP 409 · 23503']);
  });
});
