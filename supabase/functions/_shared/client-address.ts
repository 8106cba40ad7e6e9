/**
 * Who is asking, as the platform saw it. Supabase's functions sit behind
 * Cloudflare, whose edge sets `cf-connecting-ip` to the address that connected
 * to it and overwrites whatever a client sent under that name; the local app
 * server (scripts/lib/proxy.ts) does the same. `x-forwarded-for` is never
 * read: its first entry is whatever the client wrote, so rotating it would buy
 * a fresh allowance per request. Without the header (a direct call on this
 * machine), the socket's address.
 */
export const CLIENT_ADDRESS_HEADER = 'cf-connecting-ip';

export function clientAddress(request: Request, remoteAddr?: string): string {
  const platform = request.headers.get(CLIENT_ADDRESS_HEADER)?.trim();
  return (platform || remoteAddr || 'unknown').slice(0, 200);
}
