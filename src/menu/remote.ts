/**
 * Asks the server for the guest's party's list (the `party_menu` RPC): plain
 * fetch with the guest's and the party's headers, like every request for the
 * guest, so the tab's chunk needs no supabase-js for it.
 */
import type { BackendConfig } from '../config/env-rules.ts';
import { askGuestRpc, type RpcGuest } from '../platform/index.ts';
import { parsePartyMenu, type PartyMenu } from './rules.ts';

export type MenuGuest = RpcGuest;

/** Null when there is no usable answer (no signal, a captive portal, a broken reply): the phone keeps the list it has. */
export async function readPartyMenu(backend: BackendConfig, guest: MenuGuest, fetcher?: typeof fetch): Promise<PartyMenu | null> {
  const json = await askGuestRpc(backend, 'party_menu', guest, fetcher);
  return json === undefined ? null : parsePartyMenu(json);
}
