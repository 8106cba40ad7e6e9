/**
 * What the host's page keeps on the phone, in localStorage under its own keys
 * (never the guest's `user` or `previousJokes`, never the tab's IndexedDB):
 * the host key until 'Salir', the last party snapshot for when the signal goes,
 * and the paid marks not yet on the server. Those outlive 'Salir' and a key
 * the function stops taking: a payment the host recorded is never dropped,
 * and goes out at the next sign-in.
 */
import { readLocal, removeLocal, writeLocal } from '../platform/index.ts';
import { parseMarks, type MarkStore } from './marks.ts';
import { parseParty, type Party } from './party.ts';

export const HOST_KEY_STORAGE_KEY = 'hostKey';
export const HOST_SNAPSHOT_STORAGE_KEY = 'hostSnapshot';
export const HOST_MARKS_STORAGE_KEY = 'hostPendingMarks';

export interface Snapshot {
  readonly party: Party;
  /** When this phone got it (ms since the epoch, this phone's clock). */
  readonly receivedAt: number;
}

export interface HostStore extends MarkStore {
  loadKey(): string | null;
  saveKey(key: string): void;
  loadSnapshot(): Snapshot | null;
  saveSnapshot(snapshot: Snapshot): void;
  /** 'Salir': the key and the snapshot go (the marks not yet sent stay). */
  forget(): void;
}

export function parseSnapshot(raw: string | null): Snapshot | null {
  if (raw === null) return null;
  try {
    const value = JSON.parse(raw) as { party?: unknown; receivedAt?: unknown };
    const party = parseParty(value.party);
    const { receivedAt } = value;
    return party && typeof receivedAt === 'number' && Number.isFinite(receivedAt) ? { party, receivedAt } : null;
  } catch {
    return null;
  }
}

export const localHostStore: HostStore = {
  loadKey: () => readLocal(HOST_KEY_STORAGE_KEY) || null,
  saveKey: (key) => void writeLocal(HOST_KEY_STORAGE_KEY, key),
  loadSnapshot: () => parseSnapshot(readLocal(HOST_SNAPSHOT_STORAGE_KEY)),
  saveSnapshot: (snapshot) => void writeLocal(HOST_SNAPSHOT_STORAGE_KEY, JSON.stringify(snapshot)),
  loadMarks: () => parseMarks(readLocal(HOST_MARKS_STORAGE_KEY)),
  saveMarks: (marks) => {
    if (marks.length === 0) removeLocal(HOST_MARKS_STORAGE_KEY);
    else writeLocal(HOST_MARKS_STORAGE_KEY, JSON.stringify(marks));
  },
  forget: () => {
    removeLocal(HOST_KEY_STORAGE_KEY);
    removeLocal(HOST_SNAPSHOT_STORAGE_KEY);
  },
};
