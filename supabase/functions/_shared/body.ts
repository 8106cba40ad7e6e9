/**
 * Reads a request body up to a byte limit. The bytes actually read count, not
 * only Content-Length, and reading stops as soon as the limit is passed.
 */

import { COMMENT_LIMITS } from './rules.ts';

export const MAX_BODY_BYTES = COMMENT_LIMITS.bodyBytes;

export type BodyText =
  | { readonly ok: true; readonly text: string }
  | { readonly ok: false; readonly reason: 'too large' | 'not utf-8' };

export async function readBodyText(request: Request, maxBytes: number = MAX_BODY_BYTES): Promise<BodyText> {
  if (Number(request.headers.get('content-length') ?? 0) > maxBytes) {
    await request.body?.cancel().catch(() => undefined);
    return { ok: false, reason: 'too large' };
  }
  const bytes = await readAtMost(request.body, maxBytes);
  if (bytes === null) return { ok: false, reason: 'too large' };
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return { ok: false, reason: 'not utf-8' };
  }
}

/** The whole body, or null once it passes `maxBytes` (the rest is never read). */
async function readAtMost(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<Uint8Array | null> {
  if (body === null) return new Uint8Array(0);
  const reader = body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    parts.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.byteLength;
  }
  return bytes;
}
