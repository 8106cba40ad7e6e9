/**
 * Two product names are the same product when they read the same: capitals and
 * accents aside ('PIÑA COLADA', 'piña colada' and 'Pina Colada' are one). The
 * bar's bill meets the party's list and the guests' orders through this key
 * alone; the database has the same key as `public.bill_name_key`, generated
 * from here (sqlBillNameKeyFunction) and held equal to it by npm test.
 *
 * One place on purpose: the party's list keeps its own name rule (issue 30),
 * and when both live in the tree this module becomes that rule's re-export.
 */

/** Combining marks of Latin accents (U+0300–U+036F), as they fall off after NFD. */
const ACCENTS = '[\\u0300-\\u036f]';
const ASCII_CAPITALS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * Accents dropped (NFD, then the combining marks), A–Z to a–z. Only ASCII is
 * lowered, so JavaScript and PostgreSQL (whose lower() depends on collation)
 * agree on every string; an accented capital is ASCII once its mark is gone.
 */
export function nameKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(new RegExp(ACCENTS, 'g'), '')
    .replace(/[A-Z]/g, (capital) => capital.toLowerCase());
}

/** The same key as a SQL function for the migrations, immutable, the same under any collation. */
export function sqlBillNameKeyFunction(): string {
  return [
    'create or replace function public.bill_name_key(p_name text) returns text',
    'language sql immutable strict parallel safe',
    `return pg_catalog.translate(pg_catalog.regexp_replace(normalize(p_name, NFD), '${ACCENTS}', '', 'g'), '${ASCII_CAPITALS}', '${ASCII_CAPITALS.toLowerCase()}');`,
  ].join('\n');
}
