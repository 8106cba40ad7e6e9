/** The host's page: the party across guests, through the `host` Edge Function. */
export { askHost, hostEndpoint, type HostEndpoint } from './api.ts';
export { csvFileName, downloadText, partyCsv } from './csv.ts';
export { formatAge, formatClock, productCount } from './format.ts';
export { useGuestDetail, useHostState, type DetailState } from './hooks.ts';
export { guestList, stillOwes } from './list.ts';
export type { PendingMark } from './marks.ts';
export { formatPartyDate, guestLink, todayIso, type ListedParty, type PartyInfo } from './parties.ts';
export { owesMore, parsePartyOrders, type Party, type PartyGuest } from './party.ts';
export { createHostSession, type FeedProblem, type HostSession, type HostState } from './session.ts';
export { localHostStore } from './storage.ts';
export { formatPesos } from '../../supabase/functions/_shared/rules.ts';
export { importEffect, menuCategories, searchMenu, useHostMenu, type MenuItem, type MenuState } from './menu.ts';
export { checkProduct, describeProblem, parseMenuText, parsePrice, PRODUCT_PROBLEMS, type ImportLine } from '../../supabase/functions/_shared/menu-import.ts';
export { goToSection, SECTIONS, useSection, type Section } from './section.ts';
export { invitationText, reminderText, whatsappLink } from './whatsapp.ts';
export { menuByCategory, type MenuGroup } from './menu-groups.ts';
export { forgetMenu, keepMenu, keptMenu } from './menu-snapshot.ts';
