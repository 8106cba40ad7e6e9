import { watchedLoad } from './signal.ts';
import type { SyncTransport, TransportOptions } from './transport.ts';

/**
 * The queue's requests, and PostgREST's query builder with them: never with the page; once it is idle (main.tsx), or
 * with the first flush. A first visit keeps them; should a phone still lack them in the basement, their load is
 * watched like a request: a load left hanging, or failed, with no signal fails the flush for want of signal, so the
 * line says 'Sin señal' and the phone looks for signal instead of waiting on it (a flush awaiting it held the queue
 * in 'Enviando…' with nothing moving).
 */
export function loadSyncTransport(options: TransportOptions): Promise<SyncTransport> {
  const load = import('./transport.ts');
  return (options.probe ? watchedLoad(load, options.probe) : load).then(({ createSyncTransport }) => createSyncTransport(options));
}
