/**
 * Asks the server about a party by its link's code (the `party_by_code` RPC,
 * which the anon key may call): what the phone may know of it, or null when
 * no party has the code.
 */
import type { BackendConfig } from '../config/env-rules.ts';
import { rpc, serverClient } from '../server/index.ts';

export interface PartyInfo {
  readonly code: string;
  readonly name: string;
  readonly party_date: string;
  readonly payment_url: string | null;
  readonly closed_at: string | null;
}

/** 'unreachable': no usable answer (no signal, a slow or broken server); the phone cannot know yet. */
export type PartyLookup = PartyInfo | null | 'unreachable';

function isPartyInfo(value: unknown): value is PartyInfo {
  if (typeof value !== 'object' || value === null) return false;
  const { code, name } = value as Record<string, unknown>;
  return typeof code === 'string' && typeof name === 'string';
}

export async function lookUpParty(backend: BackendConfig, code: string): Promise<PartyLookup> {
  const answer = await rpc(serverClient(backend), 'party_by_code', { p_code: code });
  if (answer.kind !== 'ok') return 'unreachable';
  if (answer.data === null) return null;
  return isPartyInfo(answer.data) ? answer.data : 'unreachable';
}
