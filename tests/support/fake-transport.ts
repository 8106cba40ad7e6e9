import type { OrderRow } from '../../src/db/index.ts';
import type { SyncTransport, WriteResult } from '../../src/sync/transport.ts';

export interface TransportCall {
  readonly kind: 'insert' | 'deactivate' | 'reactivate' | 'select' | 'function';
  readonly name?: string;
  readonly args?: Readonly<Record<string, unknown>>;
  readonly table?: string;
  readonly guestId: string;
  readonly rows?: readonly Record<string, unknown>[];
  readonly ids?: readonly string[];
}

/**
 * A transport that records every request and answers with `answer` (201 by
 * default): for flusher tests that need exact request counts and scripted failures.
 */
export function recordingTransport(
  answer: (call: TransportCall) => WriteResult & { readonly data?: unknown } = () => ({ status: 201 }),
  remote: OrderRow[] = [],
) {
  const calls: TransportCall[] = [];
  const transport: SyncTransport = {
    insertRows(table, guestId, rows) {
      const call: TransportCall = { kind: 'insert', table, guestId, rows: rows as Record<string, unknown>[] };
      calls.push(call);
      return Promise.resolve(answer(call));
    },
    setOrdersActive(guestId, ids, active) {
      const call: TransportCall = { kind: active ? 'reactivate' : 'deactivate', guestId, ids };
      calls.push(call);
      return Promise.resolve(answer(call));
    },
    activeOrders(guestId) {
      calls.push({ kind: 'select', guestId });
      return Promise.resolve(remote.filter((order) => order.user_id === guestId));
    },
    callFunction(guestId, name, args) {
      const call: TransportCall = { kind: 'function', guestId, name, args };
      calls.push(call);
      return Promise.resolve(answer(call));
    },
  };
  return { transport, calls };
}
