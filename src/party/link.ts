/** The party a page's address names: pure rules over `location.pathname`. */
import { isPartyCode } from '../../supabase/functions/_shared/rules.ts';

export type PartyLink =
  /** `/` (or any page that is no party's link): the party the app opens into. */
  | { readonly kind: 'none' }
  /** `/f/<code>`: that party's link. */
  | { readonly kind: 'party'; readonly code: string }
  /** `/f/<something no party's code can be>`: no party has it, without asking. */
  | { readonly kind: 'malformed' };

const LINK = /^\/f\/([^/]*)\/?$/;

export function partyLinkIn(pathname: string): PartyLink {
  const match = LINK.exec(pathname);
  if (!match) return { kind: 'none' };
  let code: string;
  try {
    code = decodeURIComponent(match[1] ?? '');
  } catch {
    return { kind: 'malformed' };
  }
  return isPartyCode(code) ? { kind: 'party', code } : { kind: 'malformed' };
}

/** The address that brings someone into a party: its link, or `/` for the default party (which is what `/` joins). */
export function partyAddress(origin: string, code: string | undefined): string {
  return code === undefined ? `${origin}/` : `${origin}/f/${code}`;
}
