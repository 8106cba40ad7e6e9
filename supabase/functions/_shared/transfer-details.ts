/**
 * The account types 'Datos para transferir' take, as the database's CHECK
 * lists them (20261201000100_payments.sql): apart from payments-request.ts,
 * free of zod, so the host's page offers the same list without loading zod.
 */
export const ACCOUNT_TYPES = ['Cuenta corriente', 'Cuenta vista', 'Cuenta RUT', 'Cuenta de ahorro'] as const;

export type AccountType = (typeof ACCOUNT_TYPES)[number];
