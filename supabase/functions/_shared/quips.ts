/**
 * The local quip generator: a comment in Chilean Spanish when no model is configured.
 * Deterministic for a given order; never repeats the previous comment, never
 * says "jaja", never tells anyone to stop drinking.
 */
import type { CommentOrder } from './comment-request.ts';
import { cleanGuestText } from './rules.ts';

export interface QuipFacts {
  /** The guest's first name. */
  readonly name: string;
  readonly product: string;
  /** How many things the guest ordered before this one. */
  readonly before: number;
}

type Quip = (facts: QuipFacts) => string;

const things = (count: number) => (count === 1 ? 'una cosa' : `${count} cosas`);
const orderNumber = (facts: QuipFacts) => facts.before + 1;

export const FIRST_ORDER_QUIPS: readonly Quip[] = [
  ({ name, product }) => `¡${name}, partiste con ${product}! Así se abre la noche, po.`,
  ({ name, product }) => `${product} para partir, ${name}: buena elección, cachai que esto recién empieza.`,
  ({ name, product }) => `${name} llegó con todo: ${product} de entrada. ¡Salud!`,
  ({ name, product }) => `Primer pedido de ${name} y es ${product}. La raja, se viene buena la noche.`,
  ({ name, product }) => `¡Bacán, ${name}! ${product} para calentar motores.`,
  ({ name, product }) => `${name} no se anduvo con rodeos: ${product} al tiro.`,
  ({ name, product }) => `Ya, ${name}, ${product} para romper el hielo. ¡Que siga la fiesta!`,
  ({ name, product }) => `${product} como debut, ${name}. Tienes buen ojo, po.`,
  ({ name, product }) => `¡Salud, ${name}! Partir con ${product} es de gente que sabe.`,
  ({ name, product }) => `${name} abrió la cuenta con ${product}. El cumpleañero está orgulloso.`,
  ({ name, product }) => `Oye ${name}, ${product} de entrada... ¡esto pinta pa' largo!`,
  ({ name, product }) => `${name}, partiste con ${product}: puro estilo, cero improvisación.`,
  ({ name, product }) => `Primera ronda para ${name}: ${product}. ¡Que no decaiga, po!`,
  ({ name, product }) => `¡Wena, ${name}! ${product} para arrancar, como corresponde.`,
  ({ name, product }) => `${name} se estrena con ${product}. Harto nivel pa' ser el primero.`,
  ({ name, product }) => `${product} de arranque, ${name}. Cachai que la barra ya te quiere.`,
  ({ name, product }) => `¡${name} llegó y pidió ${product} al tiro! Así me gusta.`,
  ({ name, product }) => `Con ${product} partiste, ${name}: la noche te está esperando.`,
  ({ name, product }) => `${name}, ${product} como primer pedido es una declaración de principios.`,
  ({ name, product }) => `Se abrió el marcador: ${name} con ${product}. ¡Bacán!`,
  ({ name, product }) => `${name} pidió ${product} para empezar. El garzón ya anotó que eres de los buenos.`,
  ({ name, product }) => `¡Partió la fiesta de ${name} con ${product}! Salud por eso, po.`,
];

export const NEXT_ORDER_QUIPS: readonly Quip[] = [
  (f) => `${f.name} ya lleva ${things(f.before)} y ahora pide ${f.product}. ¡Vas como avión, po!`,
  (f) => `Pedido número ${orderNumber(f)} de ${f.name}: ${f.product}. Esto ya es tradición.`,
  (f) => `¡${f.product} después de ${things(f.before)}, ${f.name}! Tú sí que sabes celebrar.`,
  (f) => `${f.name}, con ${things(f.before)} encima y ahora ${f.product}: la raja.`,
  (f) => `${f.name} ya lleva ${things(f.before)} y sigue firme con ${f.product}. ¡Salud!`,
  (f) => `Después de ${things(f.before)}, ${f.name} remata con ${f.product}. Eres el alma de la fiesta, cachai.`,
  (f) => `¡${f.name} no para! ${f.product}, y ya lleva ${things(f.before)} en la cuenta.`,
  (f) => `${f.product} para ${f.name}, pedido número ${orderNumber(f)}. El cumpleañero te debe una.`,
  (f) => `${f.name}, ${things(f.before)} y ahora ${f.product}... ¡tienes más aguante que el garzón!`,
  (f) => `Con ${things(f.before)} en la cuenta, ${f.name} pide ${f.product} al tiro. ¡Bacán!`,
  (f) => `${f.name} va por el pedido número ${orderNumber(f)}: ${f.product}. ¡Que siga la fiesta!`,
  (f) => `${f.name} pidió ${f.product} después de ${things(f.before)}. Esa constancia merece aplausos.`,
  (f) => `¡Otra más, ${f.name}! ${f.product} se suma a ${things(f.before)}. Salud, po.`,
  (f) => `${f.name} lleva ${things(f.before)} y ahora ${f.product}: nivel experto desbloqueado.`,
  (f) => `Pedido número ${orderNumber(f)}: ${f.product}. ${f.name}, eres leyenda en esta barra.`,
  (f) => `¿${f.product} después de ${things(f.before)}, ${f.name}? El bar te va a poner una placa, cachai.`,
  (f) => `Tras ${things(f.before)}, ${f.name} se lanza con ${f.product}. ¡La raja!`,
  (f) => `¡${f.name} sigue sumando! ${f.product}, y ya lleva ${things(f.before)}. Bacán.`,
  (f) => `${f.name} con ${f.product}, el pedido número ${orderNumber(f)}. Aquí nadie se aburre, po.`,
  (f) => `Después de ${things(f.before)}, ${f.product} para ${f.name}. Así se celebra un cumpleaños.`,
  (f) => `${f.name} ya lleva ${things(f.before)} y remata con ${f.product}. ¡Salud por el cumpleañero!`,
  (f) => `¡Wena, ${f.name}! ${f.product} después de ${things(f.before)}: vas derechito a la historia del bar.`,
];

const LAUGHTER = /ja(?:ja)+/i;
const STAND_IN_NAME = 'compa';

/** The facts a quip uses: the guest's first name, the product, the count before. */
export function quipFacts(order: CommentOrder): QuipFacts {
  const firstName = cleanGuestText(order.name).split(' ')[0] ?? '';
  return { name: firstName || STAND_IN_NAME, product: order.product.name, before: order.previousProducts.length };
}

/** A name that would make the quip laugh ("Jajaja") gives way to "compa". */
function render(quip: Quip, facts: QuipFacts): string {
  const text = quip(facts);
  return LAUGHTER.test(text) ? quip({ ...facts, name: STAND_IN_NAME }) : text;
}

/** One quip for the order, never the previous comment. */
export function chooseQuip(order: CommentOrder, seed = orderSeed(order)): string {
  const facts = quipFacts(order);
  const quips = facts.before === 0 ? FIRST_ORDER_QUIPS : NEXT_ORDER_QUIPS;
  const previous = comparable(order.previousComment ?? '');
  for (let step = 0; step < quips.length; step += 1) {
    const quip = quips[(seed + step) % quips.length];
    const text = quip ? render(quip, facts) : '';
    if (text !== '' && comparable(text) !== previous) return text;
  }
  throw new Error('every quip matched the previous comment');
}

function comparable(text: string): string {
  return cleanGuestText(text).toLocaleLowerCase('es-CL');
}

/** FNV-1a over the guest, the product and the count: the same order gets the same quip. */
export function orderSeed(order: CommentOrder): number {
  let hash = 0x811c9dc5;
  for (const character of `${order.guestId}|${order.product.name}|${order.previousProducts.length}`) {
    hash = Math.imul(hash ^ (character.codePointAt(0) ?? 0), 0x01000193) >>> 0;
  }
  return hash;
}

/** The quip in small pieces (two words each), as a model would stream it. */
export function quipChunks(text: string): string[] {
  const words = text.match(/\S+\s*/gu) ?? [];
  const chunks: string[] = [];
  for (let index = 0; index < words.length; index += 2) chunks.push(words.slice(index, index + 2).join(''));
  return chunks;
}
