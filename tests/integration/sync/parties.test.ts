/**
 * A guest's phone names its party on every request, from the page and from
 * the service worker (which reads the party from IndexedDB, having no
 * localStorage): against the real stack, each guest's rows land in the party
 * its link named, a guest of the default party names none, and a code no
 * party has is refused as the guest's own row (party_unknown).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { tabOutbox } from '../../../scripts/lib/tab-outbox.ts';
import { SIDES } from '../../support/phones.ts';
import { syncSuite } from '../../support/sync-suite.ts';

const suite = syncSuite();

interface Party {
  readonly id: string;
  readonly code: string;
}

let ana: Party;
let beto: Party;

beforeAll(async () => {
  const open = async (name: string) => {
    const [party] = await suite.stack.query<Party>(
      `insert into parties (code, name, party_date) values (new_party_code(), $1, current_date) returning id, code`,
      [name],
    );
    if (!party) throw new Error('no party made');
    return party;
  };
  [ana, beto] = [await open('Cumpleaños de Ana'), await open('Despedida de Beto')];
});

const partiesOf = async (guestId: string) => ({
  guest: await suite.stack.query<{ party_id: string }>('select party_id from users where id = $1', [guestId]),
  orders: await suite.stack.query<{ party_id: string; n: number }>('select party_id, count(*)::int as n from orders where user_id = $1 group by party_id', [
    guestId,
  ]),
});

describe.each(SIDES)('a phone flushed %s', (_where, side) => {
  it('puts each guest, and their orders, in the party their link named', async () => {
    const [inA, inB] = [await suite.phone({ side, party: ana.code }), await suite.phone({ side, party: beto.code })];
    for (const phone of [inA, inB]) {
      await phone.addOrder();
      await phone.addOrder('Tabla Irish', 16990);
      expect(await phone.flushUntilDone()).toEqual({ kind: 'done' });
    }
    expect(await partiesOf(inA.guest.id)).toEqual({ guest: [{ party_id: ana.id }], orders: [{ party_id: ana.id, n: 2 }] });
    expect(await partiesOf(inB.guest.id)).toEqual({ guest: [{ party_id: beto.id }], orders: [{ party_id: beto.id, n: 2 }] });
    // The party's rows read back (restore after eviction): the read names the party too.
    expect(await inA.transport.activeOrders(inA.guest.id)).toHaveLength(2);
  });

  it('resets in the guest’s party', async () => {
    const phone = await suite.phone({ side, party: ana.code });
    await phone.addOrder();
    await phone.reset();
    expect(await phone.flushUntilDone()).toEqual({ kind: 'done' });
    expect(await suite.stack.query('select active, party_id from orders where user_id = $1', [phone.guest.id])).toEqual([{ active: false, party_id: ana.id }]);
  });

  it('names no party for a guest who came through / : the default party', async () => {
    const phone = await suite.phone({ side });
    await phone.addOrder();
    expect(await phone.flushUntilDone()).toEqual({ kind: 'done' });
    const [row] = await suite.stack.query<{ is_default: boolean }>(
      'select parties.is_default from users join parties on parties.id = users.party_id where users.id = $1',
      [phone.guest.id],
    );
    expect(row).toEqual({ is_default: true });
  });

  it('keeps a guest whose code no party has on the phone, refused with party_unknown', async () => {
    const phone = await suite.phone({ side, party: 'codigoquenoexiste0000' });
    await phone.addOrder();
    expect(await phone.flushUntilDone()).toEqual({ kind: 'done' });
    expect(await tabOutbox(phone.records).guestRefusal(phone.guest.id)).toContain('party_unknown');
    expect(await suite.stack.query('select id from users where id = $1', [phone.guest.id])).toEqual([]);
    // The order waits on the phone for its guest, never parked in another party.
    expect(await phone.database.outbox.count()).toBe(1);
  });
});
