/** Reading streamed answers in tests. */

/** Every piece of the body, decoded, as it arrived. */
export async function readPieces(response: Response): Promise<string[]> {
  const pieces: string[] = [];
  const decoder = new TextDecoder();
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return pieces;
    pieces.push(decoder.decode(value, { stream: true }));
  }
}

/** Reads one piece, leaving the rest of the stream unread. */
export async function readOnePiece(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<string> {
  const { done, value } = await reader.read();
  return done ? '' : new TextDecoder().decode(value);
}
