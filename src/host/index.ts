/** The host's page: the party across guests, through the `host` function. */
export { csvFileName, downloadText, partyCsv } from './csv.ts';
export type { FeedProblem } from './reasons.ts';
export { formatAge, formatClock, productCount } from './format.ts';
export { HostSessionProvider, useAccount, useFeed, useGuestDetail, useHostSession, usePaidMarks, usePlace, type DetailState } from './hooks.ts';
export { guestList, stillOwes } from './list.ts';
export type { PendingMark } from './marks.ts';
export { openHostPage } from './page.ts';
export { formatPartyDate, guestLink, todayIso, type ListedParty, type PartyInfo } from './parties.ts';
export {
  lineLabel,
  markToSettle,
  owesMore,
  parsePartyMoney,
  parsePartyOrders,
  refundsDue,
  type Party,
  type PartyGuest,
  type RefundLine,
  type TransferNotice,
} from './party.ts';
export type { AskFirst, ChangeOutcome } from './reasons.ts';
export { useRefund } from './refunds.ts';
export { useHonour } from './honour.ts';
export { useUnclaim } from './unclaim.ts';
export type { HostSession } from './session.ts';
export { formatPesos } from '../../supabase/functions/_shared/rules.ts';
export { hostReason } from '../../supabase/functions/_shared/host-errors.ts';
export { editProblem, importEffect, MENU_MESSAGES, menuCategories, searchMenu, useHostMenu, type MenuItem, type MenuState } from './menu.ts';
export { checkProduct, describeProblem, parseMenuText, parsePrice, PRODUCT_PROBLEMS, type ImportLine } from '../../supabase/functions/_shared/menu-import.ts';
export { goToSection, SECTIONS, useSection, type Section } from './section.ts';
export { invitationText, reminderText, whatsappLink } from './whatsapp.ts';
export { menuByCategory, type MenuGroup } from './menu-groups.ts';
export { forgetMenu, keepMenu, keptMenu } from './menu-snapshot.ts';
