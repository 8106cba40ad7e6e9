/**
 * Asks the server for the guest's party's list (the `party_menu` RPC): plain
 * fetch with the guest's and the party's headers, like every request for the
 * guest, so the tab's chunk needs no supabase-js for it.
 */
import type { BackendConfig } from '../config/env-rules.ts';
import { parsePartyMenu, type PartyMenu } from './rules.ts';

export interface MenuGuest {
  readonly id: string;
  /** The party's code; none for the default party. */
  readonly party?: string | undefined;
}

/** The longest an ask may take; the next one comes at the next contact. */
export const MENU_TIMEOUT_MS = 8_000;

/** Null when there is no usable answer (no signal, a captive portal, a broken reply): the phone keeps the list it has. */
export async function readPartyMenu(backend: BackendConfig, guest: MenuGuest, fetcher: typeof fetch = globalThis.fetch.bind(globalThis)): Promise<PartyMenu | null> {
  try {
    const response = await fetcher(`${backend.supabaseUrl}/rest/v1/rpc/party_menu`, {
      method: 'POST',
      headers: {
        apikey: backend.supabaseAnonKey,
        Authorization: `Bearer ${backend.supabaseAnonKey}`,
        'Content-Type': 'application/json',
        'x-guest-id': guest.id,
        ...(guest.party ? { 'x-party-code': guest.party } : {}),
      },
      body: '{}',
      signal: AbortSignal.timeout(MENU_TIMEOUT_MS),
    });
    // Only PostgREST's own answer counts: a captive portal's page proves nothing.
    if (response.status !== 200 || !(response.headers.get('content-type') ?? '').includes('application/json')) return null;
    return parsePartyMenu(await response.json());
  } catch {
    return null;
  }
}
