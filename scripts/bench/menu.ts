/**
 * A party with a long list (issue 21): 500 items, the built-in 200 and 300
 * more in the same style, as a host's import makes them. What a guest's phone
 * downloads for it (the `party_menu` answer, gzip) is measured here; the
 * search over it, in browser.ts.
 */
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { PRODUCTS } from '../../supabase/functions/_shared/menu.ts';

export const LONG_LIST_ITEMS = 500;

/** The 300 lines a host adds to the built-in list: doubles, then happy-hour prices, each in its product's category. */
function extraLines(count: number): { name: string; price: number; category: string }[] {
  const variants = [
    { suffix: 'doble', factor: 1.8 },
    { suffix: 'happy hour', factor: 0.8 },
  ];
  return variants
    .flatMap(({ suffix, factor }) =>
      PRODUCTS.map((product) => ({ name: `${product.name} ${suffix}`, price: Math.round((product.price * factor) / 10) * 10, category: product.category })),
    )
    .slice(0, count);
}

/** A new party (which starts from the built-in list) grown to `items` lines by one import; its code. */
export async function partyWithLongList(dbUrl: string, items = LONG_LIST_ITEMS): Promise<string> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const made = await client.query<{ id: string; code: string }>(
      "insert into public.parties (code, name, party_date) values (public.new_party_code(), 'Carta larga (bench)', current_date) returning id, code",
    );
    const party = made.rows[0];
    if (!party) throw new Error('no party made');
    const lines = extraLines(items - PRODUCTS.length);
    const imported = await client.query<{ answer: { items?: unknown[]; refused?: string } }>('select public.host_import_menu($1, $2) as answer', [
      party.id,
      JSON.stringify(lines),
    ]);
    const listed = imported.rows[0]?.answer.items?.length;
    if (listed !== items) throw new Error(`the long list has ${String(listed)} items, not ${items}: ${JSON.stringify(imported.rows[0]?.answer.refused)}`);
    return party.code;
  } finally {
    await client.end();
  }
}

export interface MenuAnswerSize {
  readonly items: number;
  readonly rawKb: number;
  /** What the body weighs gzipped at zlib's default level, as a server or CDN sends it. */
  readonly gzipKb: number;
}

/** The guest's request for party `code`'s list through the product's origin, as the phone sends it; the answer's size. */
export async function menuAnswerSize(appUrl: string, anonKey: string, code: string): Promise<MenuAnswerSize> {
  const response = await fetch(new URL('rest/v1/rpc/party_menu', appUrl), {
    method: 'POST',
    headers: {
      apikey: anonKey,
      Authorization: `Bearer ${anonKey}`,
      'Content-Type': 'application/json',
      'x-guest-id': crypto.randomUUID(),
      'x-party-code': code,
    },
    body: '{}',
  });
  if (!response.ok) throw new Error(`party_menu answered ${response.status}: ${await response.text()}`);
  const body = Buffer.from(await response.arrayBuffer());
  const json = JSON.parse(body.toString('utf8')) as { items?: unknown[] };
  return { items: json.items?.length ?? 0, rawKb: body.length / 1024, gzipKb: gzipSync(body).length / 1024 };
}
