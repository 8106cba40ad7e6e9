/** The host's page: the party across guests, through the `host` Edge Function. */
export { askHost, hostEndpoint, type HostAnswer, type HostEndpoint } from './api.ts';
export { csvFileName, downloadText, partyCsv } from './csv.ts';
export { formatAge, formatClock, productCount } from './format.ts';
export { useGuestDetail, useHostState, type DetailState } from './hooks.ts';
export { guestList, stillOwes, type ListedGuest } from './list.ts';
export { type MarkChange, type PendingMark } from './marks.ts';
export { formatPartyDate, guestLink, todayIso, type ListedParty, type PartyInfo } from './parties.ts';
export { owesMore, parsePartyOrders, type GuestDetail, type GuestOrder, type Party, type PartyGuest } from './party.ts';
export { createHostSession, POLL_MS, type NewParty, type FeedProblem, type HostSession, type HostState } from './session.ts';
export { localHostStore, type HostStore, type Snapshot } from './storage.ts';
export { formatPesos } from '../../supabase/functions/_shared/rules.ts';
export { editRefusal, importEffect, menuCategories, MENU_MESSAGES, parseMenu, searchMenu, useHostMenu, type HostMenu, type MenuEdit, type MenuItem, type MenuState } from './menu.ts';
export {
  checkProduct,
  describeProblem,
  parseMenuText,
  parsePrice,
  PRODUCT_PROBLEMS,
  type ImportLine,
  type MenuProduct,
} from '../../supabase/functions/_shared/menu-import.ts';
