import Dexie, { type EntityTable } from 'dexie';
import type { Order } from './types.ts';

export const DATABASE_NAME = 'bar-tab';

/**
 * The phone's copy of the tab: the truth the views read. Each schema change is
 * a new `version()`; earlier versions stay so Dexie can upgrade old phones.
 */
export class BarTabDatabase extends Dexie {
  orders!: EntityTable<Order, 'id'>;

  constructor(name: string = DATABASE_NAME) {
    super(name);
    // `active` is a boolean, which IndexedDB cannot index: the guest's orders
    // are read by [user_id+created_at] and filtered on `active` in memory.
    this.version(1).stores({ orders: 'id, [user_id+created_at]' });
  }
}

export const db = new BarTabDatabase();
