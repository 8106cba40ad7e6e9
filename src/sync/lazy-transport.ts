import type { SyncTransport, TransportOptions } from './transport.ts';

/** The queue's requests, and PostgREST's query builder with them: never with the page; once it is idle (main.tsx), or with the first flush. */
export const loadSyncTransport = (options: TransportOptions): Promise<SyncTransport> =>
  import('./transport.ts').then(({ createSyncTransport }) => createSyncTransport(options));
