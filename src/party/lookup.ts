/**
 * Asks the server about a party by its link's code (the `party_by_code` RPC,
 * which the anon key may call): what the phone may know of it, or null when
 * no party has the code. Plain fetch, so the first screen carries no
 * supabase-js.
 */
import type { BackendConfig } from '../config/env-rules.ts';

export interface PartyInfo {
  readonly code: string;
  readonly name: string;
  readonly party_date: string;
  readonly payment_url: string | null;
  readonly closed_at: string | null;
}

/** 'unreachable': no usable answer (no signal, a slow or broken server); the phone cannot know yet. */
export type PartyLookup = PartyInfo | null | 'unreachable';

export const LOOKUP_TIMEOUT_MS = 8_000;

function isPartyInfo(value: unknown): value is PartyInfo {
  if (typeof value !== 'object' || value === null) return false;
  const { code, name } = value as Record<string, unknown>;
  return typeof code === 'string' && typeof name === 'string';
}

export async function lookUpParty(backend: BackendConfig, code: string, fetcher: typeof fetch = globalThis.fetch.bind(globalThis)): Promise<PartyLookup> {
  try {
    const response = await fetcher(`${backend.supabaseUrl}/rest/v1/rpc/party_by_code`, {
      method: 'POST',
      headers: { apikey: backend.supabaseAnonKey, Authorization: `Bearer ${backend.supabaseAnonKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ p_code: code }),
      signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS),
    });
    // Only PostgREST's own answer counts: a captive portal's page proves nothing.
    if (response.status !== 200 || !(response.headers.get('content-type') ?? '').includes('application/json')) return 'unreachable';
    const body: unknown = await response.json();
    if (body === null) return null;
    return isPartyInfo(body) ? body : 'unreachable';
  } catch {
    return 'unreachable';
  }
}
