import type { SyncTransport, TransportOptions } from './transport.ts';

/** The queue's requests, and PostgREST's query builder with them, load with the first flush: never with the page. */
export const loadSyncTransport = (options: TransportOptions): Promise<SyncTransport> =>
  import('./transport.ts').then(({ createSyncTransport }) => createSyncTransport(options));
