/**
 * A Chilean RUT as the transfer details keep it: '12345678-5', no dots, the
 * check digit (K upper case) verified by the modulo-11 rule. The database's
 * rut_is_valid (20261201000100_payments.sql) is the same rule.
 */

/** The check digit of a RUT's number. */
export function rutCheckDigit(body: string): string {
  let sum = 0;
  for (let index = 0; index < body.length; index += 1) sum += Number(body[body.length - 1 - index]) * (2 + (index % 6));
  const digit = 11 - (sum % 11);
  return digit === 11 ? '0' : digit === 10 ? 'K' : String(digit);
}

/** '12.345.678-5', '12345678-5' or '123456785' as '12345678-5'; null when it is not a RUT or its check digit is wrong. */
export function normalizeRut(text: unknown): string | null {
  if (typeof text !== 'string') return null;
  const compact = text.replace(/[.\s]/g, '').replace(/-/g, '').toUpperCase();
  const match = /^([1-9]\d{0,8})([\dK])$/.exec(compact);
  if (!match) return null;
  const [, body = '', digit = ''] = match;
  return rutCheckDigit(body) === digit ? `${body}-${digit}` : null;
}
