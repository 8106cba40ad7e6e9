import { describe, expect, it } from 'vitest';
import type { CommentRequest } from '../../../src/comments/request.ts';
import { commentReducer, IDLE_COMMENT, type CommentEvent, type CommentState } from '../../../src/comments/state.ts';

const request: CommentRequest = {
  guestId: '8a6e0804-2bd0-4672-b79e-d4b259de3b01',
  name: 'Ana',
  product: { name: 'Aperol Spritz', price: 6500 },
  previousProducts: [],
};

const run = (events: CommentEvent[], from: CommentState = IDLE_COMMENT) => events.reduce(commentReducer, from);
const asked = (orderId: string): CommentEvent => ({ type: 'asked', orderId, request });
const chunk = (orderId: string, text: string): CommentEvent => ({ type: 'chunk', orderId, text });

describe('the comment state machine', () => {
  it('waits with no text until the first chunk, then streams and appends', () => {
    expect(run([asked('a')])).toMatchObject({ phase: 'waiting', text: '' });
    expect(run([asked('a'), chunk('a', '')])).toMatchObject({ phase: 'waiting' });
    expect(run([asked('a'), chunk('a', 'Ese '), chunk('a', 'Aperol')])).toMatchObject({ phase: 'streaming', text: 'Ese Aperol' });
    expect(run([asked('a'), chunk('a', 'Listo'), { type: 'finished', orderId: 'a' }])).toMatchObject({ phase: 'done', text: 'Listo' });
  });

  it('lets only the current order’s stream write', () => {
    const state = run([asked('a'), chunk('a', 'viejo'), asked('b'), chunk('a', ' tarde'), { type: 'finished', orderId: 'a' }]);
    expect(state).toMatchObject({ phase: 'waiting', orderId: 'b', text: '' });
    expect(run([chunk('b', 'nuevo')], state)).toMatchObject({ phase: 'streaming', text: 'nuevo' });
  });

  it('ignores stream events once the comment is finished', () => {
    const done = run([asked('a'), chunk('a', 'Fin'), { type: 'finished', orderId: 'a' }]);
    expect(run([chunk('a', ' más'), { type: 'failed', orderId: 'a', offline: false }], done)).toBe(done);
  });

  it('ends a failure quietly, keeping what already came', () => {
    expect(run([asked('a'), { type: 'failed', orderId: 'a', offline: false }])).toMatchObject({ phase: 'failed', text: '' });
    expect(run([asked('a'), chunk('a', 'Medio'), { type: 'failed', orderId: 'a', offline: true }])).toMatchObject({
      phase: 'failed',
      text: 'Medio',
    });
  });

  it('keeps the request while offline, also when the signal dropped before the first word', () => {
    expect(run([{ type: 'missed', orderId: 'a', request }])).toEqual({ phase: 'offline', orderId: 'a', request, text: '' });
    expect(run([asked('a'), { type: 'failed', orderId: 'a', offline: true }])).toEqual({
      phase: 'offline',
      orderId: 'a',
      request,
      text: '',
    });
  });

  it('goes back to idle on reset, and ignores the reset stream afterwards', () => {
    const state = run([asked('a'), chunk('a', 'Hola'), { type: 'reset' }, chunk('a', ' otra vez')]);
    expect(state).toBe(IDLE_COMMENT);
  });
});
