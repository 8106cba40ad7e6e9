/**
 * What guests call each part of the menu. "Una chela" is a beer, "algo para
 * picar" a starter: no product is named that way, so these words find the
 * parts of the menu instead. Written as guests write them; the search index
 * strips accents and case once, when it is built.
 */
import type { Category } from '../../supabase/functions/_shared/menu.ts';

export const EVERYDAY_WORDS: readonly (readonly [readonly string[], readonly Category[]])[] = [
  [['cerveza', 'chela', 'schop', 'schopp', 'shop', 'chop', 'pinta', 'birra'], ['Cervezas']],
  [['trago', 'cóctel', 'coctel', 'cocktail'], ['Cócteles']],
  [['vino', 'copa', 'tinto'], ['Vinos']],
  [['bebida', 'gaseosa', 'refresco'], ['Bebidas']],
  [['jugo', 'limonada'], ['Jugos y limonadas']],
  [['café', 'cafecito', 'té', 'infusión'], ['Café y té']],
  // "para picar": "para" is a filler word (FILLER_WORDS), "picar" does the finding.
  [['picoteo', 'picar'], ['Entradas']],
  [['hamburguesa', 'burger'], ['Hamburguesas']],
  [['sándwich', 'sanguche'], ['Sándwiches']],
  [['pizza'], ['Pizzas']],
  [['ensalada'], ['Ensaladas']],
  [['fondo', 'plato'], ['Fondos']],
  [['postre'], ['Postres']],
  [['pisco'], ['Pisco']],
  [['ron'], ['Ron']],
  [['tequila'], ['Tequila']],
  [
    ['whisky', 'whiskey'],
    ['Whisky', 'Bourbon'],
  ],
  [['gin'], ['Gin']],
  [['bourbon'], ['Bourbon']],
  [['vodka'], ['Vodka']],
  [['licor', 'bajativo'], ['Licores']],
];

/** Words a guest puts around what they want ("una chela", "otra pinta", "algo para picar"). */
export const FILLER_WORDS: readonly string[] = [
  'un',
  'una',
  'unos',
  'unas',
  'el',
  'la',
  'los',
  'las',
  'otra',
  'otro',
  'otras',
  'otros',
  'mas',
  'algo',
  'para',
  'porfa',
  'por',
  'favor',
  'quiero',
  'dame',
];

/** Plurals count too: "chelas", "cócteles", "sándwiches". */
export function isWordOrPlural(typed: string, word: string): boolean {
  return typed === word || typed === `${word}s` || typed === `${word}es`;
}
