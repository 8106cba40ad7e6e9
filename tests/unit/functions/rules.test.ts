/**
 * The shared rules, and the proof that the migrations carry the same rules:
 * the CHECKs in SQL are the ones rules.ts generates, and the menu migration is
 * the one menu.ts generates (`npm run menu:migration`).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PRODUCTS } from '../../../supabase/functions/_shared/menu.ts';
import {
  cleanGuestText,
  countCharacters,
  countLetters,
  INVISIBLE_RANGES,
  isGuestName,
  isOrderTime,
  MAX_ORDERS_PER_GUEST,
  MAX_PAID_AMOUNT,
  nameKey,
  sqlLateOrderArrives,
  sqlNameKeyFunction,
  sqlOldPriceHonoured,
  sqlOrdersAfterCloseWithin,
  sqlPaidAmountCheck,
  sqlTippedTotalFunction,
  tippedTotal,
  sqlGuestNameCheck,
  sqlOrderTimeCheck,
  sqlPartyPaymentUrlCheck,
  isPartyPaymentUrl,
  isProductCategory,
  isProductName,
  isProductPrice,
  sqlProductCategoryCheck,
  sqlProductNameCheck,
  sqlProductPriceCheck,
} from '../../../supabase/functions/_shared/rules.ts';
import { acceptGuestName } from '../../../src/guest/name.ts';
import { menuMigrationSql, newestMenuMigration } from '../../../scripts/lib/menu-sql.ts';
import { seededRandom } from '../../../scripts/lib/seeded-random.ts';

// Vitest runs from the repository's root (this project's jsdom has no file: URLs for import.meta).
const MIGRATIONS_DIR = join(process.cwd(), 'supabase', 'migrations');
const oneLine = (sql: string) => sql.replace(/--[^\n]*/g, '').replace(/\s+/g, ' ');
const allMigrations = () =>
  readdirSync(MIGRATIONS_DIR)
    .filter((file) => file.endsWith('.sql'))
    .map((file) => oneLine(readFileSync(join(MIGRATIONS_DIR, file), 'utf8')))
    .join('\n');

/** Strings a guest could type or paste, hostile ones included. */
function randomText(random: () => number): string {
  const pool = [
    'a',
    'Ñ',
    'é',
    ' ',
    '  ',
    '\t',
    '\n',
    '\u00a0',
    '\u2003',
    '\u202e',
    '\u2066',
    '\u0007',
    '\u0085',
    '\ud800',
    '\udc00',
    '🍺',
    '\u200b',
    '-',
    "'",
    'ß',
  ];
  const length = Math.floor(random() * 70);
  return Array.from({ length }, () => pool[Math.floor(random() * pool.length)] ?? '').join('');
}

describe('guest names', () => {
  it('clean text: no control, bidi or lone surrogate, one plain space between words', () => {
    expect(cleanGuestText('  Ana\u202e \u0007María\u00a0\u00a0Pérez\ud800 ')).toBe('Ana María Pérez');
    expect(countCharacters('🍺🍺🍺')).toBe(3);
  });

  it('accepts exactly clean names of 3 to 60 characters', () => {
    expect(isGuestName('Ana')).toBe(true);
    expect(isGuestName(`Ana${'🍀'.repeat(57)}`)).toBe(true);
    for (const name of ['An', ' Ana', 'Ana ', 'Ana  Pérez', 'Ana\u00a0Pérez', 'Ana\u202ePérez', 'Ana\ud800', 'x'.repeat(61), 42, '🍀🍀🍀', 'Ab1']) {
      expect(isGuestName(name), JSON.stringify(name)).toBe(false);
    }
  });

  it('the name field keeps only names the database accepts (2,000 hostile inputs)', () => {
    const random = seededRandom(9);
    for (let index = 0; index < 2000; index += 1) {
      const typed = randomText(random);
      const kept = acceptGuestName(typed);
      if (kept !== null) expect(isGuestName(kept), JSON.stringify(typed)).toBe(true);
      else expect(Math.min(countCharacters(cleanGuestText(typed)), countLetters(cleanGuestText(typed))), JSON.stringify(typed)).toBeLessThan(3);
    }
  });
});

describe('characters that show nothing', () => {
  it('INVISIBLE_RANGES is exactly \\p{Default_Ignorable_Code_Point} and \\p{Cf}, over every code point', () => {
    const expected = /^[\p{Default_Ignorable_Code_Point}\p{Cf}]$/u;
    const listed = (code: number) => INVISIBLE_RANGES.some(([from, to]) => code >= from && code <= to);
    const differences: string[] = [];
    for (let code = 0; code <= 0x10ffff; code += 1) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      if (listed(code) !== expected.test(String.fromCodePoint(code))) differences.push(code.toString(16));
    }
    expect(differences).toEqual([]);
  });

  it('the issue’s blanks are refused, the bar’s names kept', () => {
    for (const name of ['\u3164\u3164\u3164', 'Ana\u2800', 'Ana\u200b', 'Ana\u200dMaría', 'Ana\u2060', 'Ana\u{E0041}', 'Ana\u{E0001}\u{E0042}']) {
      expect(isGuestName(name), JSON.stringify(name)).toBe(false);
    }
    for (const name of ['José Pérez', 'Ñuño Güiraldes', 'María-José O’Brien']) expect(isGuestName(name), name).toBe(true);
  });
});

describe('a party’s payment page', () => {
  it('takes an https page the amount can follow, nothing else', () => {
    for (const page of ['https://pago.example/ana', 'https://pago.example', 'https://pago.example/a-b_c/%C3%B1'])
      expect(isPartyPaymentUrl(page), page).toBe(true);
    for (const page of [
      'https://pago.example/ana/',
      'https://pago.example/p?monto=',
      'https://pago.example/#pagar',
      'http://pago.example',
      'https://',
      'https://pago example',
      'javascript:alert(1)',
      `https://p.example/${'a'.repeat(2000)}`,
      42,
    ]) {
      expect(isPartyPaymentUrl(page), String(page)).toBe(false);
    }
  });
});

describe('products on a party’s list', () => {
  it('names: clean, 2 to 60 characters, with letters', () => {
    for (const name of ['Té', 'Pichanga de la casa', "Shepherd's pie", 'Pisco Mistral 35°', 'Kross 5 300cc', `P${'a'.repeat(59)}`])
      expect(isProductName(name), name).toBe(true);
    for (const name of ['T', ' Té', 'Té ', 'Pichanga  de la casa', 'Té\u200b', 'Té\u202e', '300', '🍺🍺', `P${'a'.repeat(60)}`, 42, null]) {
      expect(isProductName(name), JSON.stringify(name)).toBe(false);
    }
  });

  it('categories: clean, 1 to 40 characters, with a letter', () => {
    for (const category of ['Cócteles', 'Café y té', 'X', 'c'.repeat(40)]) expect(isProductCategory(category), category).toBe(true);
    for (const category of ['', ' ', '123', 'Cócteles ', 'c'.repeat(41), '\u3164', undefined])
      expect(isProductCategory(category), JSON.stringify(category)).toBe(false);
  });

  it('prices: whole pesos from $100 to $1.000.000', () => {
    for (const price of [100, 7000, 1_000_000]) expect(isProductPrice(price)).toBe(true);
    for (const price of [99, 1_000_001, 7000.5, -7000, Number.NaN, '7000', null]) expect(isProductPrice(price), String(price)).toBe(false);
  });

  it('every product of the built-in list passes them', () => {
    expect(PRODUCTS.filter((product) => !isProductName(product.name) || !isProductPrice(product.price) || !isProductCategory(product.category))).toEqual([]);
  });
});

describe('names as a person reads them', () => {
  const SEED = Number(process.env.PROPERTY_SEED ?? Date.now() % 1_000_000);
  /** Letters a bar's list writes, each with the ways a host may type it: capitals, accents, an accent typed apart. */
  const SPELLINGS: Record<string, readonly string[]> = {
    a: ['a', 'A', 'á', 'Á', 'à', 'ä', 'Ä', 'a\u0301'],
    e: ['e', 'E', 'é', 'É', 'è', 'ê', 'e\u0301'],
    i: ['i', 'I', 'í', 'Í', 'ï', 'İ'],
    n: ['n', 'N', 'ñ', 'Ñ', 'n\u0303', 'N\u0303'],
    o: ['o', 'O', 'ó', 'Ó', 'ö', 'ô'],
    u: ['u', 'U', 'ú', 'Ú', 'ü', 'Ü'],
    c: ['c', 'C', 'ç', 'Ç'],
    s: ['s', 'S'],
    ' ': [' '],
    '2': ['2'],
    ж: ['ж', 'Ж'],
    σ: ['σ', 'Σ', 'ς'],
  };

  it(`gives one key to every spelling a person reads as the same name (fast-check, seed ${SEED})`, () => {
    console.log(`names as a person reads them: fast-check seed ${SEED} (PROPERTY_SEED to repeat)`);
    const letter = fc.constantFrom(...Object.keys(SPELLINGS));
    const spelled = fc.array(letter, { minLength: 1, maxLength: 30 }).chain((letters) =>
      fc.tuple(
        fc.constant(letters.join('')),
        fc.tuple(...letters.map((base) => fc.constantFrom(...(SPELLINGS[base] ?? [base])))).map((parts) => parts.join('')),
      ),
    );
    fc.assert(
      fc.property(spelled, ([plain, written]) => nameKey(written) === nameKey(plain) && nameKey(plain) === plain.replaceAll('ς', 'σ')),
      { seed: SEED, numRuns: 500 },
    );
  });

  it('tells apart names a person reads as different', () => {
    expect(nameKey('PIÑA COLADA')).toBe(nameKey('Piña colada'));
    expect(nameKey('Pina colada')).toBe(nameKey('Piña colada'));
    expect(nameKey('CAIPIRIÑA')).toBe(nameKey('Caipiriña'));
    expect(nameKey('Mojito')).not.toBe(nameKey('Mojitos'));
    expect(nameKey('Pisco Sour')).not.toBe(nameKey('Pisco Sour Catedral'));
    expect(nameKey('Té')).not.toBe(nameKey('Té verde'));
  });
});

describe('order times', () => {
  it('takes a clock off by a year, not absurd dates', () => {
    const now = Date.parse('2026-11-23T12:00:00Z');
    expect(isOrderTime('2025-11-20T12:00:00Z', now)).toBe(true);
    expect(isOrderTime('2027-11-20T12:00:00Z', now)).toBe(true);
    for (const absurd of ['infinity', '3000-01-01T00:00:00Z', '-004713-01-01T00:00:00Z', 'not a date']) expect(isOrderTime(absurd, now)).toBe(false);
  });
});

describe('the migrations carry the same rules', () => {
  it('has the guest name CHECK that rules.ts generates', () => {
    expect(allMigrations()).toContain(oneLine(sqlGuestNameCheck('full_name')));
  });

  it('has the party payment page CHECK that rules.ts generates', () => {
    expect(allMigrations()).toContain(oneLine(`check (${sqlPartyPaymentUrlCheck('payment_url')}) not valid`));
  });

  it('has the product name, category and price CHECKs that rules.ts generates', () => {
    expect(allMigrations()).toContain(oneLine(`name text not null constraint party_products_name_readable check (${sqlProductNameCheck('name')})`));
    expect(allMigrations()).toContain(
      oneLine(`category text not null constraint party_products_category_readable check (${sqlProductCategoryCheck('category')})`),
    );
    expect(allMigrations()).toContain(oneLine(`price integer not null constraint party_products_price_in_range check (${sqlProductPriceCheck('price')})`));
  });

  it('has the tap time CHECK that rules.ts generates', () => {
    expect(allMigrations()).toContain(oneLine(sqlOrderTimeCheck('created_at', 'received_at')));
  });

  it('has the per-guest ceiling of rules.ts', () => {
    expect(allMigrations()).toContain(`having count(*) > ${MAX_ORDERS_PER_GUEST}`);
    expect(allMigrations()).toContain(`at most ${MAX_ORDERS_PER_GUEST} orders`);
  });

  it('has the name key, the tip and the time and amount bounds that rules.ts generates', () => {
    const migrations = allMigrations();
    expect(migrations).toContain(oneLine(sqlNameKeyFunction()));
    expect(migrations).toContain(oneLine(sqlTippedTotalFunction()));
    expect(migrations).toContain(sqlOldPriceHonoured('gone'));
    expect(migrations).toContain(sqlLateOrderArrives('closed'));
    expect(migrations).toContain(sqlOrdersAfterCloseWithin('count(*)'));
    expect(migrations).toContain(sqlPaidAmountCheck('paid_amount'));
    expect(MAX_PAID_AMOUNT).toBe(tippedTotal(MAX_ORDERS_PER_GUEST * 1_000_000));
  });

  it('has the menu of menu.ts: run `npm run menu:migration` after editing the menu', async () => {
    const newest = await newestMenuMigration(MIGRATIONS_DIR);
    expect(newest?.sql).toBe(menuMigrationSql(PRODUCTS));
  });
});
