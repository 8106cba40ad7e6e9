/**
 * Issue 42 in the browser tests: what a guest paid, owes and is owed back,
 * with every place that says it agreeing to the peso (the guest's phone, the
 * host's page, the CSV the host downloads, Postgres), and the host's page on a
 * party of the test's own.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { formatPesos as pesos } from '../../supabase/functions/_shared/rules.ts';
import { expect } from './fixtures.ts';
import { query, rowOf, totalOf } from './host-support.ts';
import { backOnTheTab, type TestParty } from './pay-mercadopago-support.ts';

export interface Guest {
  readonly phone: Page;
  readonly guestId: string;
  readonly name: string;
}

interface Counted {
  readonly paid_amount: string;
  readonly paid_at: Date;
  readonly tipped: string;
}

/** What Postgres counts for the guest: paid by the one rule (party_paid), and the tab with tip (party_tab_lines). */
export async function counted(guestId: string): Promise<{ paid: number; tipped: number; at: Date | null }> {
  const [row] = await query<Counted>(
    `select coalesce((select paid_amount from party_paid(users.party_id, users.id)), 0)::text as paid_amount,
            (select paid_at from party_paid(users.party_id, users.id)) as paid_at,
            tipped_total(greatest(coalesce((select sum(amount) from party_tab_lines(users.party_id, users.id)), 0), 0)::bigint)::text as tipped
     from users where id = $1`,
    [guestId],
  );
  return { paid: Number(row?.paid_amount ?? 0), tipped: Number(row?.tipped ?? 0), at: row?.paid_at ?? null };
}

/** The time as the phone's clock reads it, in its own zone. */
export const clockOn = (phone: Page, at: Date) =>
  phone.evaluate((iso) => new Date(iso).toLocaleTimeString('es-CL', { hour: '2-digit', minute: '2-digit', hour12: false }), at.toISOString());

/** The lines of the CSV the host downloads, each split at `;` (the header left out). */
export async function csvRows(host: Page): Promise<string[][]> {
  const [download] = await Promise.all([host.waitForEvent('download'), host.getByRole('button', { name: 'Descargar CSV' }).click()]);
  return (await readFile(await download.path(), 'utf8'))
    .slice(1)
    .trimEnd()
    .split('\r\n')
    .slice(1)
    .map((line) => line.split(';'));
}

/**
 * Paid, owed and owed back agree to the peso, and are what the test expects: Postgres (party_paid against the tab
 * with tip), the guest's tab ('Pagado $X · HH:MM · Mercado Pago' then 'Debe $Y más' or 'Saldo a favor $Z'), the
 * host's row and figures ('Pagado', 'Por cobrar', 'Saldo a favor'), and the CSV (the guest's Pago less Devuelto, and
 * their 'Saldo a favor' line).
 */
export async function moneyAgrees(guest: Guest, host: Page, party: TestParty, paid: number): Promise<{ tipped: number; credit: number }> {
  await expect.poll(async () => (await counted(guest.guestId)).paid, { timeout: 20_000 }).toBe(paid);
  const { tipped, at } = await counted(guest.guestId);
  const owed = Math.max(tipped - paid, 0);
  const credit = Math.max(paid - tipped, 0);

  await backOnTheTab(guest.phone);
  const line = guest.phone.locator('.paid-mark');
  if (at) {
    const time = await clockOn(guest.phone, at);
    const after = owed > 0 ? ` Debe ${pesos(owed)} más` : credit > 0 ? ` Saldo a favor ${pesos(credit)}` : '';
    await expect(line).toHaveText(`Pagado ${pesos(paid)} · ${time} · Mercado Pago${after}`);
  } else await expect(line).toHaveCount(0);

  const [figures] = await query<{ party: { paid: number; owed: number; credit: number } }>(
    'select host_party(parties.id) as party from parties where code = $1',
    [party.code],
  );
  await expect(totalOf(host, 'Pagado')).toHaveText(pesos(figures?.party.paid ?? -1), { timeout: 10_000 });
  await expect(totalOf(host, 'Por cobrar')).toHaveText(pesos(figures?.party.owed ?? -1), { timeout: 10_000 });
  if ((figures?.party.credit ?? 0) > 0) await expect(totalOf(host, 'Saldo a favor')).toHaveText(pesos(figures?.party.credit ?? -1));
  else await expect(totalOf(host, 'Saldo a favor')).toHaveCount(0);
  const row = rowOf(host, guest.name);
  if (credit > 0) await expect(row.locator('.host-credit')).toHaveText(`Saldo a favor ${pesos(credit)}`);
  else await expect(row.locator('.host-credit')).toHaveCount(0);

  const rows = (await csvRows(host)).filter((fields) => fields[0] === guest.name);
  expect(rows.reduce((sum, fields) => sum + Number(fields[5] || 0) - Number(fields[7] || 0), 0)).toBe(paid);
  expect(rows.filter((fields) => fields[1] === 'Saldo a favor').map((fields) => Number(fields[8]))).toEqual(credit > 0 ? [credit] : []);
  return { tipped, credit };
}
