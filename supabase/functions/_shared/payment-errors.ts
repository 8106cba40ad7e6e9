/**
 * What the `payments` function (and the host's payment actions) say when they
 * refuse, in Spanish, written once for the functions and the pages. Free of
 * zod, so a page imports it for a few strings.
 */
export const PAYMENT_ERRORS = {
  notConfigured: 'Los pagos no están configurados en este servidor.',
  noMercadoPago: 'Esta fiesta no recibe pagos con Mercado Pago.',
  noGuest: 'Falta tu identificación de invitado (x-guest-id).',
  unknownGuest: 'No encontramos tu cuenta en esta fiesta.',
  badAmount: 'El monto debe ser un número entero de pesos mayor que 0.',
  nothingOwed: 'Tu cuenta ya está pagada.',
  overOwed: 'El monto supera lo que debes',
  badAction: 'action debe ser checkout, status, return o reconcile.',
  badReturn: 'La vuelta de Mercado Pago no trae un pago que leer.',
  notYours: 'Ese pago no es de una cuenta tuya.',
  inFlight: 'Tu pago está en proceso.',
  tooManyCheckouts: 'Empezaste demasiados pagos seguidos: espera unos minutos antes de intentar de nuevo.',
  tooManyReads: 'Preguntaste demasiadas veces por tu pago: espera unos minutos.',
  nothingToRefund: 'No hay saldo a favor que devolver.',
  creditChanged: 'El saldo a favor cambió: ahora es',
  refundPending: 'Hay una devolución esperando a Mercado Pago: toca Devolver de nuevo para terminarla. Era de',
  refundRefused: 'Mercado Pago no hizo la devolución: no se devolvió nada.',
  refundUnconfirmed: 'Mercado Pago no confirmó la devolución: no se anotó. Toca Devolver de nuevo en un momento; nunca se devuelve dos veces.',
  refundNoAnswer: 'Mercado Pago no respondió: la devolución queda pendiente. Toca Devolver de nuevo en un momento; nunca se devuelve dos veces.',
  provider: 'Mercado Pago no respondió; intenta de nuevo en un momento.',
  database: 'No se pudo leer la base de datos; intenta de nuevo.',
  badSignature: 'Firma inválida.',
  notAllowed: 'Solo las funciones del proyecto piden devoluciones.',
  badNotification: 'Notificación inválida.',
  badTransfer: 'Datos para transferir inválidos',
  badRut: 'El RUT no es válido: revisa el dígito verificador.',
} as const;
