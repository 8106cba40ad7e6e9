/** Asks the server for the guest's party's list (the `party_menu` RPC), with the guest's and the party's headers. */
import type { BackendConfig } from '../config/env-rules.ts';
import { rpc, serverClient, type Caller } from '../server/index.ts';
import { parsePartyMenu, type PartyMenu } from './rules.ts';

export type MenuGuest = Caller;

/** Null when there is no usable answer (no signal, a captive portal, a broken reply): the phone keeps the list it has. */
export async function readPartyMenu(backend: BackendConfig, guest: MenuGuest, fetcher?: typeof fetch): Promise<PartyMenu | null> {
  const answer = await rpc(serverClient(backend, fetcher ? { fetch: fetcher } : {}), 'party_menu', {}, guest);
  return answer.kind === 'ok' ? parsePartyMenu(answer.data) : null;
}
