/**
 * Mercado Pago's webhook signature, as its notifications guide documents it:
 * `x-signature: ts=<ts>,v1=<hex>` is the HMAC-SHA256, with the webhook's
 * secret, of the manifest `id:<data.id>;request-id:<x-request-id>;ts:<ts>;`
 * (data.id from the query string, lower-cased when alphanumeric; a part the
 * notification lacks is left out). Pure WebCrypto, so the `payments` function
 * (Deno) checks with it and the local stand-in (Node) signs with it.
 */

/** How old a signature's ts may be: a replayed notification older than this is refused. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export type SignatureCheck = 'ok' | 'missing' | 'malformed' | 'stale' | 'mismatch';

export interface SignedNotification {
  /** The `data.id` query parameter. */
  readonly dataId: string | null;
  /** The `x-request-id` header. */
  readonly requestId: string | null;
  /** The `x-signature` header. */
  readonly signature: string | null;
}

/** `ts=…,v1=…` as its two parts, in any order, spaces allowed; null when either is missing. */
export function parseSignatureHeader(header: string): { readonly ts: string; readonly v1: string } | null {
  const parts = new Map<string, string>();
  for (const part of header.split(',')) {
    const at = part.indexOf('=');
    if (at > 0) parts.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  const ts = parts.get('ts');
  const v1 = parts.get('v1');
  return ts && v1 && /^\d{1,16}$/.test(ts) && /^[0-9a-f]{64}$/i.test(v1) ? { ts, v1: v1.toLowerCase() } : null;
}

/** The string Mercado Pago signs. */
export function signatureManifest(dataId: string | null, requestId: string | null, ts: string): string {
  const id = dataId !== null && /^[0-9a-z]+$/i.test(dataId) ? dataId.toLowerCase() : dataId;
  return `${id === null || id === '' ? '' : `id:${id};`}${requestId === null || requestId === '' ? '' : `request-id:${requestId};`}ts:${ts};`;
}

export async function hmacSha256Hex(secret: string, message: string): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(message)));
  return Array.from(mac, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Equal strings, compared in time that depends on their length only (a signature's is public: 64 hex digits). */
export function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index += 1) difference |= a.charCodeAt(index) ^ b.charCodeAt(index);
  return difference === 0;
}

/** ts in seconds or, as some deliveries send it, milliseconds. */
const tsSeconds = (ts: string): number => (ts.length >= 13 ? Math.floor(Number(ts) / 1000) : Number(ts));

/** The header `x-signature` for a notification, as Mercado Pago (or the stand-in) sends it. */
export async function signNotification(secret: string, dataId: string | null, requestId: string | null, ts: string): Promise<string> {
  return `ts=${ts},v1=${await hmacSha256Hex(secret, signatureManifest(dataId, requestId, ts))}`;
}

/** Whether the notification is Mercado Pago's, signed with `secret` within the tolerance of `nowMs`. */
export async function checkNotificationSignature(
  secret: string,
  notification: SignedNotification,
  nowMs: number = Date.now(),
  toleranceSeconds: number = SIGNATURE_TOLERANCE_SECONDS,
): Promise<SignatureCheck> {
  if (!notification.signature || !notification.dataId) return 'missing';
  const parsed = parseSignatureHeader(notification.signature);
  if (!parsed) return 'malformed';
  const expected = await hmacSha256Hex(secret, signatureManifest(notification.dataId, notification.requestId, parsed.ts));
  if (!constantTimeEqual(expected, parsed.v1)) return 'mismatch';
  return Math.abs(nowMs / 1000 - tsSeconds(parsed.ts)) > toleranceSeconds ? 'stale' : 'ok';
}
