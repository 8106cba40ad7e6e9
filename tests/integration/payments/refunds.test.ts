/**
 * 'Devolver $X' end to end (issue 42): the host function with the host's key,
 * the payments function in Deno asking the Mercado Pago stand-in, the real
 * database. A refund is recorded only when Mercado Pago's answer and the
 * payment read back agree; a refusal records nothing; a read-back that
 * disagrees leaves it asked, and asking again is the same refund, never a
 * second one; taps at once give back once. Each time the phone, the host's
 * row and Postgres agree to the peso.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StandInPayment } from '../../../scripts/lib/mercadopago-standin.ts';
import { PAYMENT_ERRORS } from '../../../supabase/functions/_shared/payment-errors.ts';
import { setOrderActive, type SeededGuest } from '../host/support.ts';
import {
  asHost,
  askPayments,
  checkout,
  expectMoney,
  giveBack,
  hostRow,
  payingGuest,
  phone,
  startPaymentsWorld,
  storedPayments,
  storedRefunds,
  type PaymentsWorld,
} from './support.ts';

let world: PaymentsWorld;

beforeAll(async () => {
  world = await startPaymentsWorld();
});

afterAll(async () => {
  await world.stop();
});

const newGuest = (party?: string) => payingGuest(world, 'Devuelta', party);

/** Pays a checkout of `amount` and waits for Mercado Pago's notifications. */
async function pay(guest: SeededGuest, amount: number): Promise<StandInPayment> {
  const payment = world.standIn.pay((await checkout(world, guest, amount)).id, 'approved');
  await world.standIn.settled();
  return payment;
}

/** The guest's refunds at Mercado Pago, per payment. */
const refundsAt = (payments: readonly StandInPayment[]) =>
  payments.map((payment) => world.standIn.refunds.filter((refund) => refund.payment_id === payment.id).map((refund) => refund.amount));

describe('Devolver', () => {
  it('gives back exactly the saldo a favor of a checkout paid twice, from the newest payment, and records it once the read-back agrees', async () => {
    const guest = await newGuest();
    // Mercado Pago did not take the earlier preference's expiry: both checkouts stay payable, and both are paid.
    const first = await checkout(world, guest, 8129);
    world.standIn.misbehave({ failPreferenceUpdates: 1 });
    const second = await checkout(world, guest, 8129);
    world.standIn.reset();
    const older = world.standIn.pay(first.id, 'approved');
    const newer = world.standIn.pay(second.id, 'approved');
    await world.standIn.settled();
    await expectMoney(world, guest, { paid: 16_258, tipped: 8129 });
    expect((await hostRow(world, guest)).credit).toBeGreaterThanOrEqual(8129);

    const done = await giveBack(world, guest, 8129);
    expect(done).toMatchObject({ status: 200, body: { refunded: 8129 } });
    expect(refundsAt([older, newer])).toEqual([[], [8129]]);
    expect(world.standIn.payment(newer.id)?.status).toBe('refunded');
    await expectMoney(world, guest, { paid: 8129, tipped: 8129 });
    const { row } = await hostRow(world, guest);
    expect(row).toMatchObject({ credit: 0, refund_asked: 0, refunds: [{ amount: 8129, method: 'mercadopago' }] });
    expect((await phone(world, guest)).refunds).toEqual([expect.objectContaining({ amount: 8129, method: 'mercadopago' })]);
    expect(await storedRefunds(world, guest)).toEqual([{ way: 'mercadopago', payment_id: String(newer.id), amount: '8129', state: 'done' }]);
    // Nothing left to give back: a second tap refunds nothing.
    expect(await giveBack(world, guest, 8129)).toMatchObject({ status: 409, body: { error: PAYMENT_ERRORS.nothingToRefund } });
    expect(world.standIn.refunds.filter((refund) => refund.payment_id === newer.id)).toHaveLength(1);
  });

  it('gives back part of a payment when the tab shrank after paying: the payment stays approved, less what was refunded', async () => {
    const guest = await newGuest();
    const payment = await pay(guest, 8129);
    await setOrderActive(world.stack, guest, guest.orderIds[1] ?? '', false);
    // Summer Ale 500cc alone: $4.840 with tip; $3.289 paid past it.
    await expectMoney(world, guest, { paid: 8129, tipped: 4840 });
    expect(await giveBack(world, guest, 3000)).toMatchObject({ status: 409, body: { error: `${PAYMENT_ERRORS.creditChanged} $3.289.` } });
    expect(await giveBack(world, guest, 3289)).toMatchObject({ status: 200, body: { refunded: 3289 } });
    expect(world.standIn.payment(payment.id)).toMatchObject({ status: 'approved', transaction_amount_refunded: 3289 });
    expect(await storedPayments(world, guest)).toEqual([{ payment_id: String(payment.id), status: 'approved', amount: '8129', refunded_amount: '3289' }]);
    await expectMoney(world, guest, { paid: 4840, tipped: 4840 });
  });

  it('records nothing when Mercado Pago refuses the refund, and the next Devolver asks anew', async () => {
    const guest = await newGuest();
    const payment = await pay(guest, 8129);
    await setOrderActive(world.stack, guest, guest.orderIds[1] ?? '', false);
    world.standIn.misbehave({ refuseRefunds: 1 });
    const refused = await giveBack(world, guest, 3289);
    world.standIn.reset();
    expect(refused).toMatchObject({ status: 409, body: { error: PAYMENT_ERRORS.refundRefused } });
    expect(refundsAt([payment])).toEqual([[]]);
    expect(await storedRefunds(world, guest)).toEqual([{ way: 'mercadopago', payment_id: String(payment.id), amount: '3289', state: 'refused' }]);
    await expectMoney(world, guest, { paid: 8129, tipped: 4840 });
    expect((await hostRow(world, guest)).row).toMatchObject({ credit: 3289, refund_asked: 0, refunds: [] });

    expect(await giveBack(world, guest, 3289)).toMatchObject({ status: 200 });
    expect(refundsAt([payment])).toEqual([[3289]]);
    await expectMoney(world, guest, { paid: 4840, tipped: 4840 });
  });

  it('leaves a refund whose read-back disagrees asked, unrecorded; asked again, Mercado Pago answers the same refund and it is recorded once', async () => {
    const guest = await newGuest();
    const payment = await pay(guest, 8129);
    await setOrderActive(world.stack, guest, guest.orderIds[1] ?? '', false);
    const logged = world.logs.length;
    // The refund goes through, but the payment read right after still shows it without it (and no notification comes to fix that).
    world.standIn.misbehave({ dropNotifications: true, staleReads: 1 });
    const unconfirmed = await giveBack(world, guest, 3289);
    world.standIn.reset();
    expect(unconfirmed.status).toBe(502);
    expect(refundsAt([payment])).toEqual([[3289]]);
    expect(await storedRefunds(world, guest)).toEqual([{ way: 'mercadopago', payment_id: String(payment.id), amount: '3289', state: 'asked' }]);
    expect(world.logs.slice(logged).filter((line) => line.includes('payments: error: refund'))).toHaveLength(1);
    // Not recorded: Pagado and the saldo a favor stay as Postgres had them; the row offers to finish it.
    await expectMoney(world, guest, { paid: 8129, tipped: 4840 });
    expect((await hostRow(world, guest)).row).toMatchObject({ credit: 3289, refund_asked: 3289, refunds: [] });

    expect(await giveBack(world, guest, 3289)).toMatchObject({ status: 200, body: { refunded: 3289 } });
    expect(refundsAt([payment])).toEqual([[3289]]);
    expect(await storedRefunds(world, guest)).toEqual([{ way: 'mercadopago', payment_id: String(payment.id), amount: '3289', state: 'done' }]);
    await expectMoney(world, guest, { paid: 4840, tipped: 4840 });
  });

  it('gives back once when Devolver is tapped at once on two phones (and eight times)', async () => {
    const guest = await newGuest();
    const payment = await pay(guest, 8129);
    await setOrderActive(world.stack, guest, guest.orderIds[1] ?? '', false);
    const answers = await Promise.all(Array.from({ length: 8 }, () => giveBack(world, guest, 3289)));
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThanOrEqual(1);
    // The others: nothing left to give back, or (eight at once on a loaded machine) the database's 'intenta de nuevo'; never a second refund.
    for (const answer of answers.filter((one) => one.status !== 200))
      expect([PAYMENT_ERRORS.nothingToRefund, PAYMENT_ERRORS.database]).toContain(answer.body.error);
    expect(refundsAt([payment])).toEqual([[3289]]);
    expect((await storedRefunds(world, guest)).filter((refund) => refund.state === 'done')).toHaveLength(1);
    await expectMoney(world, guest, { paid: 4840, tipped: 4840 });
  });

  it('Marcar como devuelto gives back by hand what was paid otherwise (the host’s mark); Devolver has no Mercado Pago money to give', async () => {
    const guest = await newGuest();
    expect((await asHost(world, { action: 'paid', guestId: guest.id, paid: true, amount: 8129 })).status).toBe(200);
    await setOrderActive(world.stack, guest, guest.orderIds[1] ?? '', false);
    await expectMoney(world, guest, { paid: 8129, tipped: 4840 });
    expect((await hostRow(world, guest)).row).toMatchObject({ credit: 3289, refundable: 0 });
    expect(await giveBack(world, guest, 3289, 'mercadopago')).toMatchObject({ status: 409, body: { error: PAYMENT_ERRORS.nothingToRefund } });
    expect(await giveBack(world, guest, 3289, 'host')).toMatchObject({ status: 200 });
    expect(await storedRefunds(world, guest)).toEqual([{ way: 'host', payment_id: null, amount: '3289', state: 'done' }]);
    await expectMoney(world, guest, { paid: 4840, tipped: 4840 });
    expect((await hostRow(world, guest)).row).toMatchObject({ credit: 0, refunds: [{ amount: 3289, method: 'host' }] });
  });
});

describe('a mind changed after paying', () => {
  it('names a guest who already paid guest of honour only once the host confirms; then what they paid is saldo a favor, given back', async () => {
    const made = await asHost(world, { action: 'create_party', name: 'Cumpleaños con invitada', date: '2026-12-03' });
    const code = String(made.body.code);
    const guest = await newGuest(code);
    const other = await newGuest(code);
    const payment = await pay(guest, 8129);
    const asked = await asHost(world, { action: 'honour', guestId: guest.id, honoured: true }, code);
    expect(asked).toMatchObject({ status: 409, body: { code: 'moves_paid', error: 'Esto cambia la cuenta de 1 invitado que ya pagó.' } });
    // Undone: nobody's tab changed.
    expect(await world.stack.query('select 1 from party_honours where user_id = $1', [guest.id])).toEqual([]);
    await expectMoney(world, guest, { paid: 8129, tipped: 8129 });
    expect((await asHost(world, { action: 'honour', guestId: guest.id, honoured: true, confirm: true }, code)).status).toBe(200);
    // The party pays their tab now: all they paid is owed back, and the others share their total.
    await expectMoney(world, guest, { paid: 8129, tipped: 0 });
    expect((await phone(world, guest)).credit).toBe(8129);
    expect(await giveBack(world, guest, 8129)).toMatchObject({ status: 200 });
    expect(refundsAt([payment])).toEqual([[8129]]);
    await expectMoney(world, guest, { paid: 0, tipped: 0 });
    expect((await asHost(world, { action: 'honour', guestId: guest.id, honoured: false }, code)).status).toBe(200);
    await expectMoney(world, other, { paid: 0, tipped: 8129 });
  });
});

describe('a lost notification costs nothing', () => {
  it('records the payment the guest came back from, read back from Mercado Pago, as a notification would', async () => {
    const guest = await newGuest();
    const preference = await checkout(world, guest, 8129);
    world.standIn.misbehave({ dropNotifications: true });
    const payment = world.standIn.pay(preference.id, 'approved');
    world.standIn.reset();
    await expectMoney(world, guest, { paid: 0, tipped: 8129 });
    expect((await phone(world, guest)).checkout_open).toBe(true);
    const back = await askPayments(world, guest, { action: 'return', payment_id: String(payment.id), external_reference: preference.externalReference });
    expect(back.status).toBe(200);
    await expectMoney(world, guest, { paid: 8129, tipped: 8129 });
    // The same return again, and the notification that comes at last: one row, counted once.
    await askPayments(world, guest, { action: 'return', payment_id: String(payment.id), external_reference: preference.externalReference });
    world.standIn.notify(payment.id);
    await world.standIn.settled();
    expect(await storedPayments(world, guest)).toHaveLength(1);
    await expectMoney(world, guest, { paid: 8129, tipped: 8129 });
    expect((await phone(world, guest)).checkout_open).toBe(false);
    // Paid: its preference is expired, so it cannot be paid a second time.
    expect(world.standIn.payable(preference.id)).toBe(false);
  });

  it('searches Mercado Pago for a checkout still open when the return is lost too', async () => {
    const guest = await newGuest();
    const preference = await checkout(world, guest, 8129);
    world.standIn.misbehave({ dropNotifications: true });
    world.standIn.pay(preference.id, 'approved');
    world.standIn.reset();
    expect(await askPayments(world, guest, { action: 'reconcile' })).toMatchObject({ status: 200 });
    await expectMoney(world, guest, { paid: 8129, tipped: 8129 });
    expect((await phone(world, guest)).checkout_open).toBe(false);
  });

  it('reads back only the guest’s own checkouts, and says a refused or in-process payment as Mercado Pago does', async () => {
    const guest = await newGuest();
    const other = await newGuest();
    const preference = await checkout(world, guest, 8129);
    world.standIn.misbehave({ dropNotifications: true });
    const rejected = world.standIn.pay(preference.id, 'rejected');
    world.standIn.reset();
    const stranger = await askPayments(world, other, { action: 'return', payment_id: String(rejected.id), external_reference: preference.externalReference });
    expect(stranger).toMatchObject({ status: 404, body: { error: PAYMENT_ERRORS.notYours } });
    expect(await storedPayments(world, guest)).toEqual([]);
    await askPayments(world, guest, { action: 'return', payment_id: String(rejected.id), external_reference: preference.externalReference });
    expect((await phone(world, guest)).last_payment).toMatchObject({ status: 'rejected' });
    await expectMoney(world, guest, { paid: 0, tipped: 8129 });
    // Paid by a way that takes time: in process, taken off what a new checkout may ask.
    world.standIn.misbehave({ dropNotifications: true });
    const slow = world.standIn.pay(preference.id, 'in_process');
    world.standIn.reset();
    await askPayments(world, guest, { action: 'return', payment_id: String(slow.id), external_reference: preference.externalReference });
    expect(await phone(world, guest)).toMatchObject({ last_payment: { status: 'in_process' }, pending: 8129 });
    expect(await askPayments(world, guest, { action: 'checkout', amount: 100 })).toMatchObject({ status: 409, body: { error: PAYMENT_ERRORS.inFlight } });
  });
});
