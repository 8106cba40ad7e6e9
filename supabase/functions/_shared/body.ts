/**
 * How both functions read a request body: up to a byte limit, as UTF-8, then
 * as JSON their schemas check. The bytes actually read count, not only
 * Content-Length, and reading stops as soon as the limit is passed.
 */
import type { ErrorAnswer } from './responses.ts';
import { COMMENT_LIMITS } from './rules.ts';

export const MAX_BODY_BYTES = COMMENT_LIMITS.bodyBytes;

export type BodyText = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly reason: 'too large' | 'not utf-8' };

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

/** A body's text as a function takes it, or why not (answered 400, with the schema's issues or an import's problems). */
export type ParsedBody<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: string; readonly issues?: ErrorAnswer['issues']; readonly problems?: ErrorAnswer['problems'] };

type ReadBody<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly answer: ErrorAnswer };

/** The body read with `readBodyText` and taken by `parse`, or the function's answer refusing it. */
export async function readBody<T>(request: Request, maxBytes: number, parse: (text: string) => ParsedBody<T>): Promise<ReadBody<T>> {
  const body = await readBodyText(request, maxBytes);
  if (!body.ok && body.reason === 'too large') {
    return { ok: false, answer: { status: 413, error: `El pedido es demasiado grande (máximo ${maxBytes / 1024} KB).` } };
  }
  if (!body.ok) return { ok: false, answer: { status: 400, error: 'El cuerpo no es UTF-8 válido.' } };
  const parsed = parse(body.text);
  if (parsed.ok) return parsed;
  const { error, issues, problems } = parsed;
  return { ok: false, answer: { status: 400, error, ...(issues ? { issues } : {}), ...(problems ? { problems } : {}) } };
}

export function parseJson(text: string): ParsedBody<unknown> {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, error: 'El cuerpo no es JSON válido.' };
  }
}
