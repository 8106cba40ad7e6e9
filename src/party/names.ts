/** The names of the parties this phone has seen, by code, so 'Fiestas anteriores' can say them with no signal. */
import { parseStoredJson, readLocal, writeLocal } from '../platform/index.ts';

export const PARTY_NAMES_KEY = 'partyNames';

function names(): Record<string, string> {
  const value = parseStoredJson(readLocal(PARTY_NAMES_KEY));
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

export function partyNameOf(code: string | undefined): string | null {
  return code === undefined ? null : (names()[code] ?? null);
}

export function rememberPartyName(code: string, name: string): void {
  const known = names();
  if (known[code] !== name) writeLocal(PARTY_NAMES_KEY, JSON.stringify({ ...known, [code]: name }));
}
