/**
 * The local quip generator: a comment in Chilean Spanish when no model is configured.
 * Deterministic for a given order; never repeats one of the guest's latest
 * comments (not even the same template with other words), never says "jaja",
 * never tells anyone to stop drinking.
 */
import type { CommentOrder } from '../_shared/comment-request.ts';
import { PRODUCTS } from '../_shared/menu.ts';
import { cleanGuestText, formatPesos } from '../_shared/rules.ts';

export interface QuipFacts {
  /** The guest's first name. */
  readonly name: string;
  readonly product: string;
  /** Whole pesos. */
  readonly price: number;
  /** How many things the guest ordered before this one. */
  readonly before: number;
  /** The guest's latest earlier order, when it is on the menu. */
  readonly last?: string | undefined;
}

type Slot = 'name' | 'product' | 'price' | 'things' | 'number' | 'last';
const SLOT = /\{(name|product|price|things|number|last)\}/g;
const SLOT_SPLIT = /\{(?:name|product|price|things|number|last)\}/;

const things = (count: number) => (count === 1 ? 'una cosa' : `${count} cosas`);
const SLOTS: Readonly<Record<Slot, (facts: QuipFacts) => string>> = {
  name: (facts) => facts.name,
  product: (facts) => facts.product,
  price: (facts) => formatPesos(facts.price),
  things: (facts) => things(facts.before),
  number: (facts) => String(facts.before + 1),
  last: (facts) => facts.last ?? '',
};

/** First pick of the night: {name}, {product}, and often {price}. */
export const FIRST_ORDER_QUIPS: readonly string[] = [
  '¡{name}, partiste con {product}! Así se abre la noche, po.',
  '{product} para partir, {name}: buena elección, cachai que esto recién empieza.',
  '{name} llegó con todo: {product} de entrada. ¡Salud!',
  'Primer pedido de {name} y es {product}. La raja, se viene buena la noche.',
  '¡Bacán, {name}! {product} para calentar motores.',
  '{name} no se anduvo con rodeos: {product} al tiro.',
  'Ya, {name}, {product} para romper el hielo. ¡Que siga la fiesta!',
  '{product} como debut, {name}. Tienes buen ojo, po.',
  '¡Salud, {name}! Partir con {product} es de gente que sabe.',
  '{name} abrió la cuenta con {product}. El cumpleañero está orgulloso, po.',
  "Oye {name}, {product} de entrada... ¡esto pinta pa' largo!",
  '{name}, partiste con {product}: puro estilo, cero improvisación.',
  'Primera ronda para {name}: {product}. ¡Que no decaiga, po!',
  '¡Wena, {name}! {product} para arrancar, como corresponde.',
  "{name} se estrena con {product}. Harto nivel pa' ser el primero.",
  '{product} de arranque, {name}. Cachai que la barra ya te quiere.',
  '¡{name} llegó y pidió {product} al tiro! Así me gusta.',
  'Con {product} partiste, {name}: la noche te está esperando.',
  '{name}, {product} como primer pedido es una declaración de principios.',
  'Se abrió el marcador: {name} con {product}. ¡Bacán!',
  '{name} pidió {product} para empezar. El garzón ya anotó que eres de los buenos.',
  '¡Partió la fiesta de {name} con {product}! Salud por eso, po.',
  '{name} abre la cuenta con {product} a {price}. Inversión segura, po.',
  '{price} bien invertidos, {name}: {product} para partir la noche. ¡Bacán!',
  '¡{name}! {product} por {price}: el mejor negocio que vas a hacer hoy.',
  'Primer movimiento de {name}: {product}, {price}. Así se parte, cachai.',
  '{name} le pone {price} a la noche con {product}. ¡Que empiece la función!',
  '{product} a {price} para estrenarse, {name}. Elegancia pura, cachai.',
  'Cuenta abierta: {product}, {price}. {name}, esto recién comienza.',
  '{name}, {price} por {product} y la fiesta ya tiene dueño.',
  '¡Salud, {name}! {product} a {price}, la primera de muchas alegrías.',
  '{name} parte fino: {product} por {price}. El bar toma nota al tiro.',
  'Con {product} a {price}, {name} deja claro que vino a celebrar.',
  '{price} y ya estás en la fiesta, {name}: {product} al tiro.',
  '{name}, tus primeros {price} de la noche se fueron en {product}. Bien gastados, po.',
  '¡Atención! {name} abre con {product} ({price}) y la barra aplaude.',
  'El primer brindis de {name} cuesta {price}: {product}. ¡Salud por eso!',
  '{name} estrena la cuenta con {product}. {price} que valen cada peso.',
  '{product} por {price} de entrada, {name}: partiste con el pie derecho.',
  'Así se llega, {name}: {product} a {price} y a disfrutar, po.',
  '{name} no pierde tiempo: {product}, {price}, y a celebrar al cumpleañero.',
  'Primera parada de {name}: {product} a {price}. Se viene buena, cachai.',
  '{name}, {product} de entrada por {price}: el cumpleañero ya te debe una sonrisa.',
  '¡Wena, llegó {name}! {product} a {price} para arrancar con todo.',
  '{name} marca su entrada con {product}. {price} de pura buena onda.',
  '{product} para {name}, {price} y cero arrepentimientos. ¡Salud!',
];

/** Every later pick: {name}, {product}, and often {price}, {things} before, pick {number} or the {last} one. */
export const NEXT_ORDER_QUIPS: readonly string[] = [
  '{name} ya lleva {things} y ahora pide {product}. ¡Vas como avión, po!',
  'Pedido número {number} de {name}: {product}. Esto ya es tradición, po.',
  '¡{product} después de {things}, {name}! Tú sí que sabes celebrar.',
  '{name}, con {things} encima y ahora {product}: la raja.',
  '{name} ya lleva {things} y sigue firme con {product}. ¡Salud!',
  'Después de {things}, {name} remata con {product}. Eres el alma de la fiesta, cachai.',
  '¡{name} no para! {product}, y ya lleva {things} en la cuenta.',
  '{product} para {name}, pedido número {number}. El cumpleañero te debe una.',
  '{name}, {things} y ahora {product}... ¡tienes más aguante que el garzón!',
  'Con {things} en la cuenta, {name} pide {product} al tiro. ¡Bacán!',
  '{name} va por el pedido número {number}: {product}. ¡Que siga la fiesta!',
  '{name} pidió {product} después de {things}. Esa constancia merece aplausos.',
  '¡Otra más, {name}! {product} se suma a {things}. Salud, po.',
  '{name} lleva {things} y ahora {product}: nivel experto desbloqueado, cachai.',
  'Pedido número {number}: {product}. {name}, eres leyenda en esta barra.',
  '¿{product} después de {things}, {name}? El bar te va a poner una placa, cachai.',
  'Tras {things}, {name} se lanza con {product}. ¡La raja!',
  '¡{name} sigue sumando! {product}, y ya lleva {things}. Bacán.',
  '{name} con {product}, el pedido número {number}. Aquí nadie se aburre, po.',
  'Después de {things}, {product} para {name}. Así se celebra un cumpleaños.',
  '{name} ya lleva {things} y remata con {product}. ¡Salud por el cumpleañero!',
  '¡Wena, {name}! {product} después de {things}: vas derechito a la historia del bar.',
  'De {last} a {product}: {name} sabe armar una noche, po.',
  '{name} pasó de {last} a {product}. Esa ruta merece mapa, cachai.',
  'Primero {last}, ahora {product}. {name}, tu cuenta ya parece carta de degustación.',
  '{last} quedó atrás: {name} sigue con {product}. ¡Salud!',
  '{name} le hace el relevo a {last} con {product}. Trabajo en equipo, po.',
  '¿{product} después de {last}, {name}? Combinación de experto. La raja.',
  'Hace un rato era {last} y ahora {product}. ¡Bien ahí, {name}!',
  '{name} deja {last} atrás y se viene {product}. La noche tiene guion.',
  '{product} tras {last}: {name} no improvisa, planifica la fiesta.',
  '{name} pasó de {last} a {product} sin pestañear. Bacán.',
  '{last} fue el calentamiento, {name}: ahora viene {product}. ¡Salud!',
  'Con {last} todavía en la memoria, {name} pide {product}. ¡Salud!',
  '{name} combina {last} con {product}: el bartender toma apuntes.',
  'Después de {last}, {product}. {name}, tu gusto va en subida, po.',
  '{name} suma {product} por {price}. La cuenta crece y la fiesta también.',
  '{price} más para la cuenta de {name}: {product}. ¡Que siga!',
  '{product} a {price}, {name}. Pedido número {number} y contando, po.',
  '{name} invierte {price} en {product}. Pura economía festiva, cachai.',
  'Otros {price} bien puestos, {name}: {product} y a brindar.',
  '{name}, {product} por {price} después de {things}. Eres un clásico.',
  '¡{price} en {product}! {name} va con todo en el pedido número {number}.',
  '{name} agrega {product} ({price}) a {things} que ya lleva. ¡Bacán!',
  'Pedido número {number} de {name}: {product} a {price}. El bar te saluda.',
  '{product} por {price} para {name}. Con {things} encima, esto es maratón de celebración.',
  '{name} no mira la carta, mira la fiesta: {product}, {price}. Bacán.',
  '{price} por {product}, {name}: cada peso con cariño para el cumpleañero.',
  '¡Sumaste {product} por {price}, {name}! La barra ya te conoce harto.',
  '{name} pone {price} más sobre la mesa: {product}. ¡Salud, po!',
  '{product} a {price} tras {last}: {name} tiene la noche resuelta.',
  '{name}, {product} por {price}: el pedido número {number} siempre es el mejor.',
  '{name} vuelve a la barra por {product}. Ya eres parte del mobiliario, cachai.',
  '¡Y va otra! {name} pide {product}, y ya lleva {things} antes de esta.',
  '{name} y {product}: una historia de amor con {things} de previa.',
  'El garzón ve venir a {name} y ya sabe: {product}. Pedido número {number}.',
  '{name} pide {product} con la seguridad de quien ya lleva {things}.',
  '¡{name} está en racha! {product} y el pedido número {number}.',
  '{product} para {name}: la barra ya tiene tu nombre grabado, cachai.',
  '{name} pidió {product}. Si la noche fuera carrera, ya vas punteando.',
  'Llegó {product} para {name}. El cumpleañero confirma: eres de los buenos.',
  '{name} sigue el ritmo con {product}. Pedido número {number}, sin perder el paso. Bacán.',
  '¡Miren a {name}, que va por {product} y no se achica! Bacán.',
  '{name}, {product} después de {things} es pura coherencia festiva.',
  'Una más para el registro: {name} con {product}. ¡Salud!',
  '{name} pide {product} y la fiesta sube un nivel. Pedido número {number}, ¡salud!',
  '{product}, dice {name}, y la barra responde: ¡así se hace!',
  '{name} se la juega con {product} después de {last}. Valiente, po.',
  'A {name} le gusta variar: {last} antes, {product} ahora. La raja, po.',
  '{name} ya va en {things} y suma {product}. La noche es joven, cachai.',
];

const LAUGHTER = /ja(?:ja)+/i;
const STAND_IN_NAME = 'compa';
const MENU = new Set(PRODUCTS.map((product) => product.name));

/** The facts a quip uses: the guest's first name, the product and its price, what came before. */
export function quipFacts(order: CommentOrder): QuipFacts {
  const firstName = cleanGuestText(order.name).split(' ')[0] ?? '';
  const last = order.previousProducts[0];
  return {
    name: firstName || STAND_IN_NAME,
    product: order.product.name,
    price: order.product.price,
    before: order.previousProducts.length,
    // Only a name from the menu is quoted back: the earlier products are the app's word, not checked.
    last: last !== undefined && MENU.has(last) ? last : undefined,
  };
}

/** The template with the facts in; a name that would make it laugh ("Jajaja") gives way to "compa". */
export function renderQuip(template: string, facts: QuipFacts): string {
  const fill = (shown: QuipFacts) => template.replace(SLOT, (_match, slot: string) => SLOTS[slot as Slot](shown));
  const text = fill(facts);
  return LAUGHTER.test(text) ? fill({ ...facts, name: STAND_IN_NAME }) : text;
}

function comparable(text: string): string {
  return cleanGuestText(text).toLocaleLowerCase('es-CL');
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each template as a pattern that recognizes its quips whatever the name, product or numbers in them. */
const SHAPES = new Map(
  [...FIRST_ORDER_QUIPS, ...NEXT_ORDER_QUIPS].map((template) => {
    const pieces = comparable(template).split(SLOT_SPLIT).map(escapeRegExp);
    return [template, new RegExp(`^${pieces.join('.+?')}$`, 'u')] as const;
  }),
);

/** The template a comment came from, if it was one of these quips. */
export function templateOf(comment: string): string | undefined {
  const text = comparable(comment);
  for (const [template, shape] of SHAPES) if (shape.test(text)) return template;
  return undefined;
}

/** The guest's latest comments as the app sent them: the previous one and up to 10 recent ones. */
function recentOf(order: CommentOrder): string[] {
  const recent = [order.previousComment, ...(order.recentComments ?? [])];
  return recent.filter((text): text is string => text !== undefined && text.trim() !== '').map(comparable);
}

/** One quip for the order, from a template none of the guest's latest comments came from. */
export function chooseQuip(order: CommentOrder, seed = orderSeed(order)): string {
  const facts = quipFacts(order);
  const pool = (facts.before === 0 ? FIRST_ORDER_QUIPS : NEXT_ORDER_QUIPS).filter((template) => facts.last !== undefined || !template.includes('{last}'));
  const recent = recentOf(order);
  const usedLately = (template: string) => recent.some((text) => SHAPES.get(template)?.test(text) === true);
  for (let step = 0; step < pool.length; step += 1) {
    const template = pool[(seed + step) % pool.length];
    if (template !== undefined && !usedLately(template)) return renderQuip(template, facts);
  }
  throw new Error('every quip was among the latest comments');
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
