/**
 * What the host sends through WhatsApp (how a party is spread in Chile: its
 * group): the invitation and a reminder to a guest who still owes. Pure texts
 * in Spanish and the `wa.me` link that opens WhatsApp with one written, the
 * host choosing the chat.
 */
import { formatPesos } from '../../supabase/functions/_shared/rules.ts';

/** WhatsApp's own link for "send this text", on the phone's app or on the web. */
export function whatsappLink(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}

/** The party's invitation: its name and its link. */
export function invitationText(partyName: string, link: string): string {
  return `Te invito a «${partyName}». Anota lo que pides en La Cuenta, desde tu teléfono: ${link}`;
}

/** A guest who still owes: the party, what they owe with tip (the host's figure on screen), the party's link to see their tab. */
export function reminderText(partyName: string, guestName: string, owedWithTip: number, link: string): string {
  return `Hola, ${guestName}: de «${partyName}» te falta pagar ${formatPesos(owedWithTip)} con propina. Tu cuenta está aquí: ${link}`;
}
