/** The party's list as the host browses it: one group per category, in the list's order (a category's first product places it). */
import type { MenuItem } from './menu.ts';

export interface MenuGroup {
  readonly category: string;
  readonly items: readonly MenuItem[];
}

export function menuByCategory(items: readonly MenuItem[]): MenuGroup[] {
  const groups = new Map<string, MenuItem[]>();
  for (const item of items) {
    const group = groups.get(item.category);
    if (group) group.push(item);
    else groups.set(item.category, [item]);
  }
  return [...groups].map(([category, grouped]) => ({ category, items: grouped }));
}
