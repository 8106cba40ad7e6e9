/**
 * The reads a guest's phone makes of its party beside the tab (`my_tab_status`,
 * `party_menu`): one RPC by plain fetch with the guest's and the party's
 * headers, like every request for the guest, so the tab's chunk needs no
 * supabase-js for them; and the moments the phone asks again.
 */
import type { BackendConfig } from '../config/env-rules.ts';

export interface RpcGuest {
  readonly id: string;
  /** The party's code; none for the default party. */
  readonly party?: string | undefined;
}

/** The longest an ask may take; the next one comes at the next contact. */
export const GUEST_RPC_TIMEOUT_MS = 8_000;

/**
 * The RPC's JSON, or undefined when there is no usable answer (no signal, a
 * slow or broken server): only PostgREST's own answer counts, a captive
 * portal's page proves nothing.
 */
export async function askGuestRpc(
  backend: BackendConfig,
  rpc: string,
  guest: RpcGuest,
  fetcher: typeof fetch = globalThis.fetch.bind(globalThis),
): Promise<unknown> {
  try {
    const response = await fetcher(`${backend.supabaseUrl}/rest/v1/rpc/${rpc}`, {
      method: 'POST',
      headers: {
        apikey: backend.supabaseAnonKey,
        Authorization: `Bearer ${backend.supabaseAnonKey}`,
        'Content-Type': 'application/json',
        'x-guest-id': guest.id,
        ...(guest.party ? { 'x-party-code': guest.party } : {}),
      },
      body: '{}',
      signal: AbortSignal.timeout(GUEST_RPC_TIMEOUT_MS),
    });
    if (response.status !== 200 || !(response.headers.get('content-type') ?? '').includes('application/json')) return undefined;
    return (await response.json()) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Calls `ask` at each contact the phone can have: now, when the signal
 * returns, when the page shows again, and every `everyMs` while it shows
 * (never while hidden or with no signal). Returns what stops it.
 */
export function atEachContact(ask: () => void, everyMs: number): () => void {
  const whenReachable = () => {
    if (document.visibilityState === 'visible' && navigator.onLine) ask();
  };
  whenReachable();
  const timer = setInterval(whenReachable, everyMs);
  window.addEventListener('online', whenReachable);
  document.addEventListener('visibilitychange', whenReachable);
  return () => {
    clearInterval(timer);
    window.removeEventListener('online', whenReachable);
    document.removeEventListener('visibilitychange', whenReachable);
  };
}
