/** A party's list on the guest's phone: heard from the server, kept for the basement, searched and browsed. */
export { readPartyMenu, type MenuGuest } from './remote.ts';
export { BUILT_IN_MENU, menuKey, onSale, parsePartyMenu, shownPartyMenu, type PartyMenu, type ShownMenu } from './rules.ts';
export { MenuStore } from './store.ts';
export { MENU_EVERY_MS, partyMenuStore, useMenu } from './useMenu.ts';
