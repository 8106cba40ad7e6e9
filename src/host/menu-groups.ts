/** The party's list as the host browses it: one group per category, in the list's order (a category's first product places it). */
import { byCategory } from '../../supabase/functions/_shared/rules.ts';
import type { MenuItem } from './menu.ts';

export interface MenuGroup {
  readonly category: string;
  readonly items: readonly MenuItem[];
}

export function menuByCategory(items: readonly MenuItem[]): MenuGroup[] {
  return byCategory(items).map(([category, grouped]) => ({ category, items: grouped }));
}
