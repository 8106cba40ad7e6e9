import { describe, expect, it, vi } from 'vitest';
import type { CommentRequest } from '../../../src/comments/request.ts';
import { commentEndpoint, streamComment } from '../../../src/comments/stream.ts';
import { fakeCommentFetch } from '../../support/fake-comment-fetch.ts';

const endpoint = commentEndpoint({ supabaseUrl: 'https://bar.example', supabaseAnonKey: 'anon.key' });
const request: CommentRequest = {
  guestId: '8a6e0804-2bd0-4672-b79e-d4b259de3b01',
  name: 'Ana',
  product: { name: 'Aperol Spritz', price: 6500 },
  previousProducts: ['Tabla Irish'],
  previousComment: '¡Salud!',
};

function start(server: ReturnType<typeof fakeCommentFetch>, signal = new AbortController().signal) {
  const pieces: string[] = [];
  const done = streamComment(endpoint, request, { signal, onChunk: (text) => pieces.push(text), fetch: server.fetch });
  return { pieces, done };
}

describe('streaming one comment', () => {
  it('posts the order to the function with the anon key', async () => {
    const server = fakeCommentFetch();
    const { done } = start(server);
    server.call(0).finish();
    await done;
    const call = server.call(0);
    expect(call.url).toBe('https://bar.example/functions/v1/comment');
    expect(call.method).toBe('POST');
    expect(call.headers.get('apikey')).toBe('anon.key');
    expect(call.headers.get('authorization')).toBe('Bearer anon.key');
    expect(call.headers.get('content-type')).toBe('application/json');
    expect(call.body).toEqual(request);
  });

  it('hands over each piece as it arrives, keeping a character split across pieces whole', async () => {
    const server = fakeCommentFetch();
    const { pieces, done } = start(server);
    server.call(0).send('Ese ');
    await vi.waitFor(() => expect(pieces).toEqual(['Ese ']));
    const ne = new TextEncoder().encode('ñ');
    server.call(0).send(ne.slice(0, 1));
    server.call(0).send(ne.slice(1));
    server.call(0).send('o');
    server.call(0).finish();
    await done;
    expect(pieces.join('')).toBe('Ese ño');
  });

  it('rejects an error answer, a network failure and a cut stream', async () => {
    const server = fakeCommentFetch();
    const refused = start(server);
    server.call(0).refuse(429);
    await expect(refused.done).rejects.toThrow(/429/);

    const down = start(server);
    server.call(1).fail();
    await expect(down.done).rejects.toThrow(TypeError);

    const { pieces, done } = start(server);
    server.call(2).send('Medio');
    await vi.waitFor(() => expect(pieces).toEqual(['Medio']));
    server.call(2).cut();
    await expect(done).rejects.toThrow();
    expect(pieces).toEqual(['Medio']);
  });

  it('stops reading at once when aborted, even if more arrives', async () => {
    const server = fakeCommentFetch();
    const controller = new AbortController();
    const { pieces, done } = start(server, controller.signal);
    server.call(0).send('uno');
    await vi.waitFor(() => expect(pieces).toEqual(['uno']));
    controller.abort();
    server.call(0).send('dos');
    await expect(done).rejects.toThrow();
    expect(pieces).toEqual(['uno']);
  });

  it('gives up on an abort before the answer came', async () => {
    const server = fakeCommentFetch();
    const controller = new AbortController();
    const { pieces, done } = start(server, controller.signal);
    controller.abort();
    server.call(0).send('tarde');
    await expect(done).rejects.toThrow();
    expect(pieces).toEqual([]);
  });
});
