/**
 * A random UUID (version 4) made on the phone, so a replayed write is harmless.
 * From getRandomValues, not crypto.randomUUID: that one exists only in a secure
 * context, and a phone that opened the party at the machine's address on the
 * bar's network (http://192.168.…) has none.
 */
export function newId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  // The version (4) and the variant (10xx), as RFC 9562 lays them out.
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
