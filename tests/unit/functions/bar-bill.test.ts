/**
 * The bar's bill's rules (bar-bill.ts, name-key.ts): lines as the host pastes
 * them, matched to the list whatever their capitals and accents; the
 * comparison; shares of a unit and even parts that sum exactly (fast-check,
 * BILL_SEED replays a run); every tab of the party adding up to the bill; and
 * the migration carrying the same money expressions.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BILL_PROBLEMS,
  BILL_SHARES,
  CLAIM_REFUSALS,
  checkBillLines,
  compareBill,
  matchBillLines,
  NOT_ON_LIST,
  parseBillText,
  partyTabs,
  refusalMessage,
  shareAmount,
  shareAmounts,
  spreadEvenly,
  sqlEvenPart,
  sqlShareAmount,
  type Declared,
} from '../../../supabase/functions/_shared/bar-bill.ts';
import { nameKey, sqlBillNameKeyFunction } from '../../../supabase/functions/_shared/name-key.ts';
import { PRODUCTS } from '../../../supabase/functions/_shared/menu.ts';
import { parseHostAction } from '../../../supabase/functions/_shared/host-request.ts';
import { sqlTakenBackInTime, sqlTapTimeInParty } from '../../../supabase/functions/_shared/rules.ts';

const SEED = Number(process.env.BILL_SEED ?? 20261132);
const RUNS = 500;
const property = { seed: SEED, numRuns: RUNS };
const sum = (values: Iterable<number>) => [...values].reduce((total, value) => total + value, 0);

const MIGRATION = join(process.cwd(), 'supabase', 'migrations', '20261130000100_bar_bill.sql');
/** Issue 43's: joining, offers, taking a claim back, refusals that say why. */
const CLAIMS_MIGRATION = join(process.cwd(), 'supabase', 'migrations', '20261204000100_claims_people_get_right.sql');
const oneLine = (sql: string) => sql.replace(/--[^\n]*/g, '').replace(/\s+/g, ' ');

describe('the host’s lines', () => {
  it('reads Producto;Cantidad;Precio with the unit price as 4400, 4.400 or $4.400, skipping the headings', () => {
    const lines = parseBillText('Producto;Cantidad;Precio\nSummer Ale 500cc;2;4400\n\nPiña colada;1;6.990\n"Tabla Irish";1;$16.990\r\n');
    expect(lines.map((line) => [line.line, line.result])).toEqual([
      [2, { ok: true, value: { product: 'Summer Ale 500cc', quantity: 2, unitPrice: 4400 } }],
      [4, { ok: true, value: { product: 'Piña colada', quantity: 1, unitPrice: 6990 } }],
      [5, { ok: true, value: { product: 'Tabla Irish', quantity: 1, unitPrice: 16990 } }],
    ]);
  });

  it('says each bad line’s problem, numbered as the host sees it', () => {
    const lines = parseBillText('Pisco;0;3000\nPisco;2;3.000,50\nSolo dos;campos\n   ;1;100');
    expect(lines.map((line) => (line.result.ok ? null : line.result.problem))).toEqual([
      BILL_PROBLEMS.quantity,
      BILL_PROBLEMS.price,
      BILL_PROBLEMS.fields,
      BILL_PROBLEMS.product,
    ]);
    expect(checkBillLines([])).toMatchObject({ ok: false, error: BILL_PROBLEMS.empty });
    expect(
      checkBillLines([
        { product: 'Pisco', quantity: 1, unitPrice: 3000 },
        { product: 'Pisco', quantity: 1.5, unitPrice: 3000 },
      ]),
    ).toEqual({
      ok: false,
      problems: [{ line: 2, problem: BILL_PROBLEMS.quantity }],
    });
  });

  it('matches each line to the list whatever its capitals and accents, else keeps it as written', () => {
    const lines = [
      { product: 'PIÑA COLADA', quantity: 1, unitPrice: 6990 },
      { product: 'pina colada', quantity: 1, unitPrice: 6990 },
      { product: 'caipirina', quantity: 1, unitPrice: 6290 },
      { product: 'Maní', quantity: 2, unitPrice: 1500 },
    ];
    const matched = matchBillLines(lines, PRODUCTS);
    expect(matched.map((line) => line.menuName ?? NOT_ON_LIST)).toEqual(['Piña colada', 'Piña colada', 'Caipiriña', NOT_ON_LIST]);
    expect(matched[3]?.product).toBe('Maní');
  });

  it('keys names by their letters alone: capitals and accents aside', () => {
    expect(nameKey('Ron Havana Club Añejo ESPECIAL')).toBe(nameKey('ron havana club anejo especial'));
    expect(nameKey('Té')).not.toBe(nameKey('Tea'));
  });
});

describe('the comparison', () => {
  const bill = {
    lines: matchBillLines(
      [
        { product: 'Summer Ale 500cc', quantity: 4, unitPrice: 4400 },
        { product: 'Tabla Irish', quantity: 1, unitPrice: 16990 },
      ],
      PRODUCTS,
    ),
  };
  const declared: Declared[] = [
    { product: 'Summer Ale 500cc', amount: 4400 },
    { product: 'SUMMER ALE 500CC', amount: 4400 },
    { product: 'Guinness 500cc', amount: 5990 },
  ];

  it('gives billed, declared, Sin dueño, Declarado de más and each product’s difference', () => {
    expect(compareBill(bill, declared)).toEqual({
      billed: 4 * 4400 + 16990,
      declared: 2 * 4400 + 5990,
      withoutOwner: 2 * 4400 + 16990,
      declaredOver: 5990,
      toSpread: 4 * 4400 + 16990 - (2 * 4400 + 5990),
      settlement: null,
      products: [
        { product: 'Summer Ale 500cc', billed: 17600, declared: 8800, difference: 8800 },
        { product: 'Tabla Irish', billed: 16990, declared: 0, difference: 16990 },
        { product: 'Guinness 500cc', billed: 0, declared: 5990, difference: -5990 },
      ],
    });
  });

  it('reads Sin dueño $0 once what was left is settled, and compares a bill of a total only as a whole', () => {
    const left = compareBill(bill, declared).toSpread;
    expect(compareBill(bill, declared, { by: 'guests', amount: left }).withoutOwner).toBe(0);
    expect(compareBill(bill, declared, { by: 'host', amount: left }).withoutOwner).toBe(0);
    expect(compareBill({ total: 10000 }, declared)).toMatchObject({ billed: 10000, withoutOwner: 0, declaredOver: 4790, toSpread: 0, products: [] });
  });
});

describe(`money that sums exactly (seed ${SEED}, BILL_SEED to change)`, () => {
  console.log(`bar bill properties: seed ${SEED}, ${RUNS} runs each (BILL_SEED to change)`);
  const price = fc.integer({ min: 1, max: 1_000_000 });
  const shares = fc.integer({ min: BILL_SHARES.min, max: BILL_SHARES.max });

  it('the shares of one unit sum to its price, none more than a peso apart, the first ones taking the remainder', () => {
    fc.assert(
      fc.property(price, shares, (unitPrice, count) => {
        const parts = shareAmounts(unitPrice, count);
        expect(sum(parts)).toBe(unitPrice);
        expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
        expect([...parts].sort((a, b) => b - a)).toEqual(parts);
        expect(parts.every((part, index) => part === shareAmount(unitPrice, count, index))).toBe(true);
      }),
      property,
    );
  });

  it('an amount spread over guests sums to it, the first ones by id taking the remainder', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.uniqueArray(fc.uuid(), { minLength: 1, maxLength: 300 }), (amount, ids) => {
        const parts = spreadEvenly(amount, ids);
        expect(sum(parts.values())).toBe(amount);
        const ordered = [...ids].sort().map((id) => parts.get(id) ?? -1);
        expect([...ordered].sort((a, b) => b - a)).toEqual(ordered);
      }),
      property,
    );
  });

  /** A party: guests' own lines, the bill at least what they declared. */
  const party = fc
    .uniqueArray(fc.uuid(), { minLength: 1, maxLength: 40 })
    .chain((ids) =>
      fc.record({
        own: fc.tuple(...ids.map((id) => fc.tuple(fc.constant(id), fc.integer({ min: 0, max: 200_000 })))),
        extra: fc.integer({ min: 0, max: 5_000_000 }),
        honoured: fc.option(fc.constantFrom(...ids), { nil: null }),
      }),
    )
    .filter(({ own }) => own.some(([, amount]) => amount > 0));

  it('after spreading what is left, every tab sums to the bill exactly, with or without a guest of honour', () => {
    fc.assert(
      fc.property(party, ({ own, extra, honoured }) => {
        const owned = new Map(own.filter(([, amount]) => amount > 0));
        const declared = sum(owned.values());
        const comparison = compareBill(
          { total: declared + extra },
          [...owned.values()].map((amount) => ({ product: 'x', amount })),
        );
        const spreadParts = spreadEvenly(comparison.toSpread, [...owned.keys()]);
        for (const [id, part] of spreadParts) if (part === 0) spreadParts.delete(id);
        const plain = partyTabs({ own: owned, spreadParts });
        expect(sum([...plain.values()].map((tab) => tab.total))).toBe(comparison.billed);
        const withHonour = partyTabs({ own: owned, spreadParts, honoured });
        expect(sum([...withHonour.values()].map((tab) => tab.total))).toBe(comparison.billed);
        const guest = honoured === null ? undefined : withHonour.get(honoured);
        const others = [...owned.keys()].filter((id) => id !== honoured);
        if (guest && others.length > 0) expect(guest.total).toBe(0);
      }),
      property,
    );
  });
});

describe('the host’s requests on the bill', () => {
  const GUEST = '0b6a0f5e-8f3c-4c7e-9a43-3f3f0d6b1a2c';

  it('takes a bill of lines or of a total, each line cleaned and checked', () => {
    expect(parseHostAction({ action: 'save_bill', lines: [{ product: '  Piña  colada ', quantity: 2, unitPrice: 6990 }] })).toEqual({
      ok: true,
      value: { action: 'save_bill', lines: [{ product: 'Piña colada', quantity: 2, unitPrice: 6990 }], printedTotal: null },
    });
    // A line the host confirmed is a product of the list (issue 41), and the total the bill printed for its lines.
    expect(
      parseHostAction({
        action: 'save_bill',
        lines: [{ product: 'Alitas BBQ', quantity: 1, unitPrice: 8990, sameAs: ' Alitas BBQ 8 unidades' }],
        printedTotal: 8990,
      }),
    ).toEqual({
      ok: true,
      value: { action: 'save_bill', lines: [{ product: 'Alitas BBQ', quantity: 1, unitPrice: 8990, sameAs: 'Alitas BBQ 8 unidades' }], printedTotal: 8990 },
    });
    expect(parseHostAction({ action: 'save_bill', lines: [{ product: 'Mojito', quantity: 1, unitPrice: 6490 }], printedTotal: 0 })).toMatchObject({
      ok: false,
    });
    expect(parseHostAction({ action: 'save_bill', lines: [{ product: 'Mojito', quantity: 1, unitPrice: 6490, sameAs: '' }] })).toMatchObject({
      ok: false,
      error: `Línea 1: ${BILL_PROBLEMS.sameAs}`,
    });
    expect(parseHostAction({ action: 'save_bill', total: 48570 })).toEqual({ ok: true, value: { action: 'save_bill', total: 48570 } });
    expect(parseHostAction({ action: 'settle_bill', by: 'host' })).toEqual({ ok: true, value: { action: 'settle_bill', by: 'host' } });
    expect(parseHostAction({ action: 'honour', guestId: GUEST, honoured: true })).toEqual({
      ok: true,
      value: { action: 'honour', guestId: GUEST, honoured: true },
    });
  });

  it('refuses with each bad line’s problem, numbered, and with a reason for the rest', () => {
    expect(
      parseHostAction({
        action: 'save_bill',
        lines: [
          { product: 'Pisco', quantity: 1, unitPrice: 3000 },
          { product: 'Pisco', quantity: 1, unitPrice: 0 },
        ],
      }),
    ).toEqual({
      ok: false,
      error: `Línea 2: ${BILL_PROBLEMS.price}`,
      problems: [{ line: 2, problem: BILL_PROBLEMS.price }],
    });
    expect(parseHostAction({ action: 'save_bill', lines: [], total: 100 })).toMatchObject({
      ok: false,
      error: 'La cuenta del bar lleva líneas o un total, no ambos.',
    });
    expect(parseHostAction({ action: 'save_bill', total: 1.5 })).toMatchObject({ ok: false, error: BILL_PROBLEMS.total });
    expect(parseHostAction({ action: 'save_bill' })).toMatchObject({ ok: false, error: BILL_PROBLEMS.empty });
    expect(parseHostAction({ action: 'settle_bill', by: 'nadie' })).toMatchObject({ ok: false, error: 'by debe ser guests o host.' });
    expect(parseHostAction({ action: 'honour', guestId: 'x', honoured: true })).toMatchObject({ ok: false, error: 'guestId debe ser un UUID.' });
  });
});

describe('the migration carries the same rules', () => {
  const sql = oneLine(readFileSync(MIGRATION, 'utf8'));

  it('has the name key of name-key.ts', () => {
    expect(sql).toContain(oneLine(sqlBillNameKeyFunction()));
  });

  it('holds every share to shareAmount and every part to evenPart', () => {
    expect(sql).toContain(oneLine(`check (amount = ${sqlShareAmount('unit_price', 'shares', 'share_no')})`));
    expect(sql).toContain(oneLine(sqlShareAmount('line.unit_price', 'p_shares', 'share')));
    expect(sql).toContain(oneLine(sqlEvenPart('honoured.total', 'others.n', 'others.rank')));
    expect(sql).toContain(oneLine(sqlEvenPart('left_over', 'guests.n', 'guests.rank')));
  });
});

describe('issue 43’s migration carries the same rules', () => {
  const sql = oneLine(readFileSync(CLAIMS_MIGRATION, 'utf8'));

  it('prices a claim, an offer and every share split again by shareAmount', () => {
    expect(sql).toContain(oneLine(sqlShareAmount('line.unit_price', 'p_shares', 'share')));
    expect(sql).toContain(oneLine(sqlShareAmount('p_line.unit_price', 'shares', 'unit.taken')));
    expect(sql).toContain(oneLine(sqlShareAmount('claims.unit_price', 'p_shares', 'turn')));
  });

  it('bounds tap times by the orders’ window, and taking back after the close as a late order', () => {
    expect(sql).toContain(oneLine(sqlTapTimeInParty('p_tap', 'parties.created_at', 'parties.closed_at')));
    expect(sql).toContain(oneLine(`not (${sqlTakenBackInTime('tap', 'closed')})`));
  });

  it('says every refusal as bar-bill.ts writes it, the reason in Spanish after its name', () => {
    for (const name of Object.keys(CLAIM_REFUSALS) as (keyof typeof CLAIM_REFUSALS)[]) expect(sql, name).toContain(`message = '${refusalMessage(name)}'`);
  });
});
