/**
 * The host's list of guests for a real night: who owes most comes first, a
 * name search that forgives accents and capitals (as the guests' product
 * search does), and the host's own marks shown before the server has them.
 */
// The rule itself, not the catalogue: the host's page never loads the built-in list.
import { normalizeForSearch } from '../../supabase/functions/_shared/rules.ts';
import type { PendingMark } from './marks.ts';
import type { PartyGuest } from './party.ts';

/**
 * The guest as the host last marked them: a mark still on its way counts as
 * made, beside what Mercado Pago brought in (what is paid: both, as party_paid
 * adds them).
 */
export function withPendingMark(guest: PartyGuest, mark: PendingMark | undefined): PartyGuest {
  if (!mark) return guest;
  const marked = mark.paid && mark.amount !== null ? { amount: mark.amount, at: new Date(mark.at).toISOString() } : null;
  const parts = [marked, guest.provider_amount === null || guest.provider_at === null ? null : { amount: guest.provider_amount, at: guest.provider_at }];
  const paid = parts.filter((part) => part !== null);
  return {
    ...guest,
    mark_amount: marked?.amount ?? null,
    mark_at: marked?.at ?? null,
    paid_amount: paid.length === 0 ? null : paid.reduce((sum, part) => sum + part.amount, 0),
    paid_at: paid.length === 0 ? null : paid.map((part) => part.at).reduce((latest, at) => (Date.parse(at) > Date.parse(latest) ? at : latest)),
  };
}

/** What the guest still owes with tip: the tipped total less what is paid (Mercado Pago and the host's mark). */
export function stillOwes(guest: PartyGuest): number {
  return Math.max(0, guest.tipped - (guest.paid_amount ?? 0));
}

const byName = new Intl.Collator('es-CL', { sensitivity: 'base', numeric: true });

/** Who owes most first, so those who have paid end at the bottom; the same debt by name. */
export function byDebt(a: PartyGuest, b: PartyGuest): number {
  return stillOwes(b) - stillOwes(a) || byName.compare(a.full_name, b.full_name) || a.id.localeCompare(b.id);
}

/** True when the name holds what the host typed, whatever its accents, capitals or extra spaces. */
export function nameMatches(name: string, typed: string): boolean {
  const wanted = normalizeForSearch(typed).trim().replace(/\s+/gu, ' ');
  return normalizeForSearch(name).replace(/\s+/gu, ' ').includes(wanted);
}

export interface ListedGuest {
  /** With the host's pending mark applied. */
  readonly guest: PartyGuest;
  readonly mark: PendingMark | undefined;
}

/** The rows to show: every guest, or those whose name matches, by debt. */
export function guestList(guests: readonly PartyGuest[], marks: readonly PendingMark[], typed: string): ListedGuest[] {
  const markOf = new Map(marks.map((mark) => [mark.guestId, mark]));
  return guests
    .filter((guest) => nameMatches(guest.full_name, typed))
    .map((guest) => ({ guest: withPendingMark(guest, markOf.get(guest.id)), mark: markOf.get(guest.id) }))
    .sort((a, b) => byDebt(a.guest, b.guest));
}
