export { usePartyCheck } from './hooks.ts';
export { partyAddress, partyLinkIn, type PartyLink } from './link.ts';
export { partyNameOf } from './names.ts';
export { clockTime, paidLine, type PaidMethod, type PaymentLine, type TabStatus, type TransferDetails, type TransferNotice } from './status.ts';
export { askTabStatusNow, useTabStatus } from './use-tab-status.ts';

/** The one text a guest sees for a link no party has (exact: tests look for it). */
export const PARTY_NOT_FOUND = 'No encontramos esta fiesta.';
/** What a guest's tab says once the host closed the party (exact: the text). */
export const PARTY_OVER = 'La fiesta terminó.';
