/**
 * The guest's party is kept with the guest's record in IndexedDB, where the
 * service worker can read it: it survives every way the guest's row is
 * queued again (a lost row, a fixed name, a refusal and 'Reintentar').
 */
import { describe, expect, it } from 'vitest';
import { phoneDatabase } from '../../../src/db/index.ts';
import { db } from '../../../src/db/database.ts';
import { tabOutbox } from '../../../scripts/lib/tab-outbox.ts';

const ANA = { id: '8a6e0804-2bd0-4672-b79e-d4b259de3b01', full_name: 'Ana Pérez' };
const PARTY = 'Q3uX1lG0aN-5y_8ZkP2mWw';
const outbox = tabOutbox(phoneDatabase);

describe('the party kept with the guest', () => {
  it('is the party the guest joined by its link; null for the default party; undefined for a guest the phone does not know', async () => {
    await outbox.ensureGuestQueued(ANA, PARTY);
    const beto = { id: 'c7d4b1f0-0000-4000-8000-00000000b370', full_name: 'Beto Soto' };
    await outbox.ensureGuestQueued(beto);
    expect(await outbox.partyOf(ANA.id)).toBe(PARTY);
    expect(await outbox.partyOf(beto.id)).toBeNull();
    expect(await outbox.partyOf('00000000-0000-4000-8000-000000000000')).toBeUndefined();
  });

  it('stays when the row is queued again, the name is fixed, or the guest is refused and retried', async () => {
    await outbox.ensureGuestQueued(ANA, PARTY);
    await outbox.queueGuest(ANA);
    expect(await outbox.partyOf(ANA.id)).toBe(PARTY);
    const seqs = await outbox.queuedSeqs();
    await outbox.park(seqs, { error: 'HTTP 400 · 23514', parkedAt: 1 });
    expect(await db.guests.get(ANA.id)).toMatchObject({ state: 'refused', party: PARTY });
    await outbox.requeueGuest({ id: ANA.id, full_name: 'Ana María Pérez' });
    expect(await db.guests.get(ANA.id)).toEqual({ id: ANA.id, full_name: 'Ana María Pérez', state: 'queued', party: PARTY });
    await outbox.park(await outbox.queuedSeqs(), { error: 'HTTP 400 · 23514', parkedAt: 2 });
    await outbox.retryParked({ all: true });
    await outbox.delivered(await outbox.queuedSeqs());
    expect(await db.guests.get(ANA.id)).toEqual({ id: ANA.id, full_name: 'Ana María Pérez', state: 'synced', party: PARTY });
  });

  it('is filled in for a guest kept before the phone knew parties', async () => {
    await outbox.ensureGuestQueued(ANA);
    await outbox.ensureGuestQueued(ANA, PARTY);
    expect(await outbox.partyOf(ANA.id)).toBe(PARTY);
  });
});
