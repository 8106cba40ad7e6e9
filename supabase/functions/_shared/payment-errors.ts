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
  badAction: 'action debe ser checkout o status.',
  provider: 'Mercado Pago no respondió; intenta de nuevo en un momento.',
  database: 'No se pudo leer la base de datos; intenta de nuevo.',
  badSignature: 'Firma inválida.',
  badNotification: 'Notificación inválida.',
  badTransfer: 'Datos para transferir inválidos',
  badRut: 'El RUT no es válido: revisa el dígito verificador.',
} as const;
