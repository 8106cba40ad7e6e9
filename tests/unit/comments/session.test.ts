import { describe, expect, it, vi } from 'vitest';
import type { CommentedOrder } from '../../../src/comments/request.ts';
import { createCommentSession } from '../../../src/comments/session.ts';
import { commentEndpoint, streamComment } from '../../../src/comments/stream.ts';
import { fakeCommentFetch } from '../../support/fake-comment-fetch.ts';

const guest = { id: '8a6e0804-2bd0-4672-b79e-d4b259de3b01', full_name: 'Ana María' };
const endpoint = commentEndpoint({ supabaseUrl: 'https://bar.example', supabaseAnonKey: 'anon.key' });

let minute = 0;
function pick(name: string): CommentedOrder {
  minute += 1;
  return { id: `order-${minute}`, product_name: name, product_price: 6500, created_at: new Date(Date.UTC(2026, 10, 21, 20, minute)).toISOString() };
}

function barSession(signal = { online: true }) {
  const server = fakeCommentFetch();
  const session = createCommentSession({
    stream: (request, abort, onChunk) => streamComment(endpoint, request, { signal: abort, onChunk, fetch: server.fetch }),
    isOnline: () => signal.online,
    guestId: guest.id,
  });
  const history = () => JSON.parse(localStorage.getItem('previousJokes') ?? '[]') as string[];
  const settled = (phase: string) => vi.waitFor(() => expect(session.current().phase).toBe(phase));
  return { server, signal, session, history, settled };
}

describe('the comment session', () => {
  it('waits until the first chunk, then appends each one', async () => {
    const { server, session, settled } = barSession();
    session.ordered(guest, pick('Aperol Spritz'), []);
    expect(session.current()).toMatchObject({ phase: 'waiting', text: '' });
    server.call(0).send('Ese Aperol ');
    await vi.waitFor(() => expect(session.current()).toMatchObject({ phase: 'streaming', text: 'Ese Aperol ' }));
    server.call(0).send('brilla.');
    server.call(0).finish();
    await settled('done');
    expect(session.current().text).toBe('Ese Aperol brilla.');
  });

  it('pushes the comment showing to the history before clearing it, and sends it as the previous comment', async () => {
    const { server, session, history, settled } = barSession();
    const first = pick('Aperol Spritz');
    session.ordered(guest, first, [first]);
    server.call(0).send('Primera ronda');
    server.call(0).finish();
    await settled('done');
    const second = pick('Tabla Irish');
    session.ordered(guest, second, [second, first]);
    expect(history()).toEqual(['Primera ronda']);
    expect(session.current()).toMatchObject({ phase: 'waiting', text: '' });
    expect(server.call(1).body).toMatchObject({ previousComment: 'Primera ronda', previousProducts: ['Aperol Spritz'] });
  });

  it('aborts the older stream at a newer order; its later chunks never show', async () => {
    const { server, session } = barSession();
    session.ordered(guest, pick('Aperol Spritz'), []);
    server.call(0).send('Viejo');
    await vi.waitFor(() => expect(session.current().text).toBe('Viejo'));
    session.ordered(guest, pick('Tabla Irish'), []);
    expect(server.call(0).signal?.aborted).toBe(true);
    server.call(0).send(' y tarde');
    server.call(1).send('Nuevo');
    await vi.waitFor(() => expect(session.current().text).toBe('Nuevo'));
  });

  it('ignores an older order reported after a newer one', () => {
    const { server, session } = barSession();
    const older = pick('Aperol Spritz');
    const newer = pick('Tabla Irish');
    session.ordered(guest, newer, []);
    session.ordered(guest, older, []);
    expect(server.calls.map((call) => call.body.product)).toEqual([{ name: 'Tabla Irish', price: 6500 }]);
  });

  it('offline, asks nothing; back online, asks once, for the latest order only', async () => {
    const { server, signal, session, settled } = barSession();
    signal.online = false;
    session.ordered(guest, pick('Aperol Spritz'), []);
    session.ordered(guest, pick('Tabla Irish'), []);
    expect(session.current().phase).toBe('offline');
    expect(server.fetch).not.toHaveBeenCalled();
    signal.online = true;
    session.reconnected();
    session.reconnected();
    expect(server.calls.map((call) => call.body.product)).toEqual([{ name: 'Tabla Irish', price: 6500 }]);
    server.call(0).finish();
    await settled('done');
    session.reconnected();
    expect(server.fetch).toHaveBeenCalledTimes(1);
  });

  it('keeps the last comment as the previous one across offline orders', async () => {
    const { server, signal, session, settled } = barSession();
    session.ordered(guest, pick('Aperol Spritz'), []);
    server.call(0).send('Salud, Ana');
    server.call(0).finish();
    await settled('done');
    signal.online = false;
    session.ordered(guest, pick('Tabla Irish'), []);
    session.ordered(guest, pick('Summer Ale 500cc'), []);
    signal.online = true;
    session.reconnected();
    expect(server.call(1).body.previousComment).toBe('Salud, Ana');
  });

  it('ends a failure quietly, keeping any text that came', async () => {
    const { server, session, settled } = barSession();
    session.ordered(guest, pick('Aperol Spritz'), []);
    server.call(0).refuse(500);
    await settled('failed');
    expect(session.current().text).toBe('');

    session.ordered(guest, pick('Tabla Irish'), []);
    server.call(1).send('A medias');
    await vi.waitFor(() => expect(session.current().text).toBe('A medias'));
    server.call(1).cut();
    await settled('failed');
    expect(session.current().text).toBe('A medias');
  });

  it('asks again once back online when the signal dropped before the first word', async () => {
    const { server, signal, session, settled } = barSession();
    session.ordered(guest, pick('Pisco Mistral 35°'), []);
    signal.online = false;
    server.call(0).fail();
    await settled('offline');
    signal.online = true;
    session.reconnected();
    expect(server.calls).toHaveLength(2);
    expect(server.call(1).body.product).toMatchObject({ name: 'Pisco Mistral 35°' });
  });

  it('reset aborts the stream, forgets the history and the comment', async () => {
    const { server, session, history, settled } = barSession();
    session.ordered(guest, pick('Aperol Spritz'), []);
    server.call(0).send('Uno');
    server.call(0).finish();
    await settled('done');
    session.ordered(guest, pick('Tabla Irish'), []);
    server.call(1).send('Dos');
    await settled('streaming');
    expect(history()).toEqual(['Uno']);
    session.reset();
    expect(server.call(1).signal?.aborted).toBe(true);
    expect(session.current()).toEqual({ phase: 'idle', text: '' });
    expect(localStorage.getItem('previousJokes')).toBeNull();
    server.call(1).send(' tarde');
    session.ordered(guest, pick('Summer Ale 500cc'), []);
    expect(server.call(2).body).not.toHaveProperty('previousComment');
  });

  it('keeps the comment on screen, or the request still unanswered, for the next session (a reload)', async () => {
    const first = barSession();
    first.session.ordered(guest, pick('Aperol Spritz'), []);
    const reloadedWhileAsking = barSession();
    expect(reloadedWhileAsking.session.current()).toMatchObject({ phase: 'waiting', request: { product: { name: 'Aperol Spritz' } } });
    first.server.call(0).send('Listo, ');
    first.server.call(0).send('Ana.');
    first.server.call(0).finish();
    await first.settled('done');
    expect(barSession().session.current()).toMatchObject({ phase: 'done', text: 'Listo, Ana.' });
    expect(barSession({ online: false }).session.current().phase).toBe('done');
  });

  it('asks once for a comment a reload left unanswered, or waits for the signal', () => {
    const signal = { online: false };
    const first = barSession(signal);
    first.session.ordered(guest, pick('Tabla Irish'), []);
    const reloaded = barSession(signal);
    expect(reloaded.session.current().phase).toBe('offline');
    reloaded.session.reconnected();
    expect(reloaded.server.fetch).not.toHaveBeenCalled();
    signal.online = true;
    reloaded.session.reconnected();
    reloaded.session.reconnected();
    expect(reloaded.server.calls.map((call) => call.body.product)).toEqual([{ name: 'Tabla Irish', price: 6500 }]);
  });

  it('changes nothing when a stream is cut because the view went away', async () => {
    const { server, session } = barSession();
    session.ordered(guest, pick('Aperol Spritz'), []);
    session.stop();
    await vi.waitFor(() => expect(server.call(0).signal?.aborted).toBe(true));
    expect(session.current().phase).toBe('waiting');
    session.reconnected();
    expect(server.calls).toHaveLength(2);
  });

  it('forgets the kept comment on reset', async () => {
    const { server, session, settled } = barSession();
    session.ordered(guest, pick('Aperol Spritz'), []);
    server.call(0).send('Uno');
    server.call(0).finish();
    await settled('done');
    session.reset();
    expect(localStorage.getItem('currentJoke')).toBeNull();
    expect(barSession().session.current()).toEqual({ phase: 'idle', text: '' });
  });

  it('undoing a reset brings back the history and the comment that was showing', async () => {
    const { server, session, history, settled } = barSession();
    session.ordered(guest, pick('Aperol Spritz'), []);
    server.call(0).send('Uno');
    server.call(0).finish();
    await settled('done');
    session.ordered(guest, pick('Tabla Irish'), []);
    server.call(1).send('Dos');
    server.call(1).finish();
    await settled('done');
    const cleared = session.reset();
    expect(history()).toEqual([]);
    session.undoReset(cleared);
    expect(history()).toEqual(['Uno']);
    expect(session.current()).toMatchObject({ phase: 'done', text: 'Dos' });
    // As a reload finds it, too.
    expect(barSession().session.current()).toMatchObject({ phase: 'done', text: 'Dos' });
    session.ordered(guest, pick('Summer Ale 500cc'), []);
    expect(server.call(2).body).toMatchObject({ previousComment: 'Dos' });
    expect(history()).toEqual(['Uno', 'Dos']);
  });

  it('undoing a reset after a new pick keeps the new comment, with the old history before it', async () => {
    const { server, session, history, settled } = barSession();
    session.ordered(guest, pick('Aperol Spritz'), []);
    server.call(0).send('Uno');
    server.call(0).finish();
    await settled('done');
    session.ordered(guest, pick('Tabla Irish'), []);
    server.call(1).send('Dos');
    server.call(1).finish();
    await settled('done');
    const cleared = session.reset();
    session.ordered(guest, pick('Pisco Mistral 35°'), []);
    server.call(2).send('Tres');
    server.call(2).finish();
    await settled('done');
    session.ordered(guest, pick('Summer Ale 500cc'), []);
    server.call(3).send('Cuatro');
    await settled('streaming');
    expect(history()).toEqual(['Tres']);
    session.undoReset(cleared);
    expect(history()).toEqual(['Uno', 'Tres']);
    expect(session.current()).toMatchObject({ phase: 'streaming', text: 'Cuatro' });
    server.call(3).finish();
    await settled('done');
    expect(session.current().text).toBe('Cuatro');
  });

  it('undoing a reset that cut a comment off asks for it again', async () => {
    const { server, session, settled } = barSession();
    session.ordered(guest, pick('Aperol Spritz'), []);
    const cleared = session.reset();
    expect(server.call(0).signal?.aborted).toBe(true);
    session.undoReset(cleared);
    expect(server.calls).toHaveLength(2);
    expect(server.call(1).body.product).toMatchObject({ name: 'Aperol Spritz' });
    server.call(1).send('Volvió');
    server.call(1).finish();
    await settled('done');
    expect(session.current().text).toBe('Volvió');
  });

  it('asks once for a burst of picks, for the last, once the burst is over', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const server = fakeCommentFetch();
      const session = createCommentSession({
        stream: (request, abort, onChunk) => streamComment(endpoint, request, { signal: abort, onChunk, fetch: server.fetch }),
        isOnline: () => true,
        askSpacingMs: 400,
      });
      session.ordered(guest, pick('Summer Ale 500cc'), []);
      expect(server.calls).toHaveLength(1);
      vi.advanceTimersByTime(100);
      session.ordered(guest, pick('Summer Ale 500cc'), []);
      vi.advanceTimersByTime(100);
      const last = pick('Summer Ale 500cc');
      session.ordered(guest, last, []);
      expect(server.call(0).signal?.aborted).toBe(true);
      expect(server.calls).toHaveLength(1);
      expect(session.current()).toMatchObject({ phase: 'waiting', orderId: last.id });
      vi.advanceTimersByTime(399);
      expect(server.calls).toHaveLength(1);
      vi.advanceTimersByTime(1);
      expect(server.calls).toHaveLength(2);
      vi.advanceTimersByTime(1000);
      session.ordered(guest, pick('Tabla Irish'), []);
      expect(server.calls).toHaveLength(3);
      session.reconnected();
      expect(server.calls).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
