export { usePartyCheck, type PartyCheck } from './hooks.ts';
export { partyLinkIn, type PartyLink } from './link.ts';
export { lookUpParty, type PartyInfo, type PartyLookup } from './lookup.ts';
export { PARTY_NAMES_KEY, partyNameOf, rememberPartyName } from './names.ts';

/** The one text a guest sees for a link no party has (exact: tests look for it). */
export const PARTY_NOT_FOUND = 'No encontramos esta fiesta.';
