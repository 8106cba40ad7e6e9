/**
 * Two product names are the same product when they read the same: capitals and
 * accents aside ('PIÑA COLADA', 'piña colada' and 'Pina Colada' are one). The
 * bar's bill meets the party's list and the guests' orders through this key
 * alone, and it is the party's list's own key (rules.ts's nameKey, issue 30):
 * one rule for names, so a bill line meets exactly the product the list holds.
 * The database's `public.bill_name_key` is `public.name_key`, the same rule
 * generated from rules.ts, and npm test holds them equal.
 */
export { nameKey } from './rules.ts';

/** bill_name_key as the migrations write it: the list's key, named for the bill's lines. */
export function sqlBillNameKeyFunction(): string {
  return [
    'create or replace function public.bill_name_key(p_name text) returns text',
    'language sql immutable strict parallel safe',
    'return public.name_key(p_name);',
  ].join('\n');
}
