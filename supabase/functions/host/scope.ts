/**
 * Who a host key is, and which party a request may see. The deployment's
 * HOST_KEY is the owner's: every party, their list, new parties. A party's own
 * key (made when the party is opened, kept in the database only as its
 * SHA-256) opens that party and nothing else.
 */
import type { Database } from '../_shared/database.ts';
import { isHostKey } from './key.ts';

export type Scope = { readonly role: 'owner' } | { readonly role: 'party'; readonly partyId: string };

export type ScopeAnswer = { readonly ok: true; readonly scope: Scope | null } | { readonly ok: false; readonly reason: string };

export async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A party's key: 256 random bits, URL-safe, shown to the owner once. */
export function newPartyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The scope of a key: null for a key that opens nothing. */
export async function scopeOfKey(database: Database, key: string, ownerKey: string): Promise<ScopeAnswer> {
  if (await isHostKey(key, ownerKey)) return { ok: true, scope: { role: 'owner' } };
  const answer = await database('host_party_for_key', { p_key_sha256: await sha256Hex(key) });
  if (!answer.ok) return answer;
  const partyId: unknown = JSON.parse(answer.text);
  return { ok: true, scope: typeof partyId === 'string' ? { role: 'party', partyId } : null };
}

export type PartyAnswer = { readonly ok: true; readonly partyId: string } | { readonly ok: false; readonly status: 403 | 404 | 503; readonly reason?: string };

/**
 * The party a request may see: the one it names by code (the default party
 * when it names none) for the owner; a party's own for its key, which may name
 * no other.
 */
export async function partyOf(database: Database, scope: Scope, code: string | null): Promise<PartyAnswer> {
  if (scope.role === 'party' && code === null) return { ok: true, partyId: scope.partyId };
  const answer = await database('host_party_by_code', { p_code: code });
  if (!answer.ok) return { ok: false, status: 503, reason: answer.reason };
  const partyId: unknown = JSON.parse(answer.text);
  if (typeof partyId !== 'string') return { ok: false, status: scope.role === 'owner' ? 404 : 403 };
  if (scope.role === 'party' && partyId !== scope.partyId) return { ok: false, status: 403 };
  return { ok: true, partyId };
}
