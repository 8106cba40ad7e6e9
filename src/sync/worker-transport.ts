/**
 * The service worker's transport: the queue's requests (transport.ts) over
 * postgrest-js, the client supabase-js's `from()` is made of, set up as
 * supabase-js sets it up for the anon key: same URL, schema and headers.
 * A module of its own, so the page never bundles postgrest-js twice.
 */
import { PostgrestClient } from '@supabase/postgrest-js';
import { guestHeaders, restTransport, type SyncTransport, type TransportOptions } from './transport.ts';

export function createPostgrestTransport(options: TransportOptions): SyncTransport {
  const url = new URL('rest/v1', options.url.endsWith('/') ? options.url : `${options.url}/`).href;
  return restTransport(
    options,
    (guestId, party, fetcher) =>
      new PostgrestClient(url, {
        schema: 'public',
        fetch: fetcher,
        headers: { apikey: options.anonKey, Authorization: `Bearer ${options.anonKey}`, ...guestHeaders(guestId, party) },
      }),
  );
}
