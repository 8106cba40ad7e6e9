/**
 * What the host's page keeps on the phone, in localStorage under its own keys
 * (never the guest's `user` or `previousJokes`, never the tab's IndexedDB):
 * the host key until 'Salir', the last party snapshot for when the signal goes,
 * and the paid marks not yet on the server. Those outlive 'Salir' and a key
 * the function stops taking: a payment the host recorded is never dropped,
 * and goes out at the next sign-in.
 */
import { parseStoredJson, readLocal, removeLocal, writeLocal } from '../platform/index.ts';
import { parseMarks, type MarkStore } from './marks.ts';
import { parseParty, type Party } from './party.ts';

export const HOST_KEY_STORAGE_KEY = 'hostKey';
export const HOST_SNAPSHOT_STORAGE_KEY = 'hostSnapshot';
export const HOST_MARKS_STORAGE_KEY = 'hostPendingMarks';
export const HOST_PLACE_STORAGE_KEY = 'hostPlace';

/** Whose key this is: the deployment's owner (every party) or one party's host. */
export type HostRole = 'owner' | 'party';

/** Where the host is: the owner's list of parties, or one party's page (code null: the key's own party, or the default one). */
export type Place = { readonly view: 'parties' } | { readonly view: 'party'; readonly code: string | null };

export interface KeptPlace {
  /** Null until the function said (a sign-in with no signal to ask). */
  readonly role: HostRole | null;
  readonly place: Place;
}

export const HOME: Place = { view: 'party', code: null };

export interface Snapshot {
  readonly party: Party;
  /** When this phone got it (ms since the epoch, this phone's clock). */
  readonly receivedAt: number;
  /** The party it is of: the code asked with, null for none. A snapshot is only ever shown for its own party. */
  readonly code: string | null;
}

export interface HostStore extends MarkStore {
  loadKey(): string | null;
  saveKey(key: string): void;
  loadSnapshot(): Snapshot | null;
  saveSnapshot(snapshot: Snapshot): void;
  loadPlace(): KeptPlace;
  savePlace(place: KeptPlace): void;
  /** 'Salir': the key, the snapshot and the place go (the marks not yet sent stay). */
  forget(): void;
}

/** The fields of a kept JSON object; none when it is no object (nothing kept, or corrupt). */
function storedFields(raw: string | null): Readonly<Record<string, unknown>> {
  const value = parseStoredJson(raw);
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

export function parseSnapshot(raw: string | null): Snapshot | null {
  const { party: kept, receivedAt, code } = storedFields(raw);
  const party = parseParty(kept);
  return party && typeof receivedAt === 'number' && Number.isFinite(receivedAt) ? { party, receivedAt, code: typeof code === 'string' ? code : null } : null;
}

export function parsePlace(raw: string | null): KeptPlace {
  const { role: keptRole, view, code } = storedFields(raw);
  const role = keptRole === 'owner' || keptRole === 'party' ? keptRole : null;
  if (view === 'parties' && role === 'owner') return { role, place: { view: 'parties' } };
  return { role, place: { view: 'party', code: typeof code === 'string' && role === 'owner' ? code : null } };
}

export const localHostStore: HostStore = {
  loadKey: () => readLocal(HOST_KEY_STORAGE_KEY) || null,
  saveKey: (key) => void writeLocal(HOST_KEY_STORAGE_KEY, key),
  loadSnapshot: () => parseSnapshot(readLocal(HOST_SNAPSHOT_STORAGE_KEY)),
  saveSnapshot: (snapshot) => void writeLocal(HOST_SNAPSHOT_STORAGE_KEY, JSON.stringify(snapshot)),
  loadPlace: () => parsePlace(readLocal(HOST_PLACE_STORAGE_KEY)),
  savePlace: ({ role, place }) => void writeLocal(HOST_PLACE_STORAGE_KEY, JSON.stringify({ role, ...place })),
  loadMarks: () => parseMarks(readLocal(HOST_MARKS_STORAGE_KEY)),
  saveMarks: (marks) => {
    if (marks.length === 0) removeLocal(HOST_MARKS_STORAGE_KEY);
    else writeLocal(HOST_MARKS_STORAGE_KEY, JSON.stringify(marks));
  },
  forget: () => {
    removeLocal(HOST_KEY_STORAGE_KEY);
    removeLocal(HOST_SNAPSHOT_STORAGE_KEY);
    removeLocal(HOST_PLACE_STORAGE_KEY);
  },
};
