/**
 * What the `host` function says when it refuses, in Spanish, written once for
 * the function and the host's page (which shows them, and falls back on them
 * when an answer carries no reason). Free of zod and of the function's code,
 * so the page imports it for a few strings.
 */

export const HOST_ERRORS = {
  noKey: 'Falta la clave para organizar.',
  wrongKey: 'Clave incorrecta.',
  tooManyTries: 'Demasiados intentos; espera un minuto.',
  unknownGuest: 'Invitado desconocido.',
  unknownParty: 'No encontramos esta fiesta.',
  otherParty: 'Esta clave abre solo su fiesta.',
  notConfigured: 'La función host no está configurada: faltan HOST_KEY, SUPABASE_URL o SUPABASE_SERVICE_ROLE_KEY.',
  database: 'No se pudo leer la base de datos; intenta de nuevo.',
  menuClosed: 'La fiesta terminó: su carta ya no se cambia.',
  unknownProduct: 'Ese producto no está en la carta.',
  productExists: 'Ya hay un producto con ese nombre en la carta.',
  unknownMenuSource: 'No encontramos la fiesta de la que copiar la carta.',
  paidOverOrders: 'Un pago marcado no puede superar lo que el invitado debe en la fiesta, con propina.',
  sameTime: 'Otro cambio llegó al mismo tiempo; vuelve a intentarlo.',
  notTaken: 'El servidor no aceptó el cambio: choca con lo que ya tiene. Actualiza e intenta de nuevo.',
  badValue: 'Un valor del pedido no cabe en la base de datos.',
} as const;

/** Before the reason of a request the function would not take; the host's page shows the reason alone. */
const INVALID_REQUEST = 'Pedido inválido: ';

export const invalidRequest = (reason: string): string => `${INVALID_REQUEST}${reason}`;

/** The reason of a refused request as the host's page shows it: without the function's prefix. */
export const hostReason = (error: string): string => (error.startsWith(INVALID_REQUEST) ? error.slice(INVALID_REQUEST.length) : error);

/** The bar's bill's refusals (issue 32), apart so the host's other refusals change on their own. */
export const BILL_ERRORS = {
  noBill: 'Esta fiesta aún no tiene la cuenta del bar.',
  noGuests: 'No hay invitados con pedidos entre quienes repartir.',
  claimed: 'La nueva cuenta deja fuera unidades que los invitados ya reclamaron: mantén esas líneas y al menos esas cantidades.',
  race: 'Otra acción cambió la cuenta del bar al mismo tiempo; intenta de nuevo.',
} as const;

/** Reading a photo of the bar's bill with the vision model (issue 41): the page reads it on the phone instead. */
export const PHOTO_ERRORS = {
  noModel: 'Esta instalación no lee fotos en el servidor: el teléfono lee la cuenta.',
  tooLarge: 'La foto es demasiado grande para leerla en el servidor.',
  unread: 'El servidor no pudo leer la foto; el teléfono la lee.',
} as const;

/** The refusal's code when a change would move what guests who already paid owe: the page asks the host, then sends it confirmed. */
export const MOVES_PAID = 'moves_paid';

/** What the host is asked before such a change ('Sí, cambiar' or 'Cancelar'). */
export const movesPaidQuestion = (guests: number): string =>
  guests === 1 ? 'Esto cambia la cuenta de 1 invitado que ya pagó.' : `Esto cambia la cuenta de ${guests} invitados que ya pagaron.`;
