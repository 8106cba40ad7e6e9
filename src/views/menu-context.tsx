import { createContext, type ReactNode } from 'react';
import { BUILT_IN_CATALOGUE, type Catalogue } from '../catalogue/index.ts';
import { useMenu, type MenuGuest } from '../menu/index.ts';

/**
 * The list the guest picks from, as the phone has it now (their party's, or
 * the built-in one): the search, the browsing and 'Otra' all read it. A new
 * version of the list is a new value, so only what reads it renders again.
 */
export const MenuContext = createContext<Catalogue>(BUILT_IN_CATALOGUE);

/** Gives `children` the guest's party's list, kept and refreshed by the menu capability; only the parts that read it render when it changes. */
export function PartyMenu({ guest, children }: { readonly guest: MenuGuest; readonly children: ReactNode }) {
  return <MenuContext.Provider value={useMenu(guest).catalogue}>{children}</MenuContext.Provider>;
}
