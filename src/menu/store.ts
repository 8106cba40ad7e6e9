/**
 * A party's list on this phone: what the screen shows now, kept in IndexedDB
 * (the `menus` store, by party) so it works in the basement. The first screen
 * to follow it reads what the phone kept; every list heard from the server
 * that is new (another version) is shown at once and kept. The built-in list
 * shows only while the phone never had the party's.
 */
import type { MenuRecord, PhoneDatabase } from '../db/index.ts';
import { createListeners } from '../platform/index.ts';
import { BUILT_IN_MENU, shownPartyMenu, type PartyMenu, type ShownMenu } from './rules.ts';

export class MenuStore {
  private shownMenu: ShownMenu = BUILT_IN_MENU;
  /** The screens that follow the list: the first one reads what the phone kept, the last one to leave lets it go. */
  private readonly screens = createListeners({ first: () => this.open(), last: () => this.close() });
  /** Counts the times the store opened: a read of the kept list answers only the opening that asked. */
  private opening = 0;
  /** A list was heard from the server since the store opened: what IndexedDB held is older. */
  private heardSinceOpen = false;

  constructor(
    private readonly database: PhoneDatabase,
    /** The party's code, '' for the default party. */
    readonly party: string,
  ) {}

  /** The list shown now; the same object until the list changes. */
  readonly shown = (): ShownMenu => this.shownMenu;

  /** A screen follows the list. */
  readonly subscribe = this.screens.subscribe;

  /** A list heard from the server: shown at once when it is another version, and kept for the basement. Resolves once kept (or not keepable). */
  async heard(menu: PartyMenu): Promise<void> {
    this.heardSinceOpen = true;
    if (this.shownMenu.from === 'party' && this.shownMenu.version === menu.version) return;
    this.show(shownPartyMenu(menu));
    const record: MenuRecord = { party: this.party, version: menu.version, items: menu.items, heardAt: Date.now() };
    try {
      await this.database.write(['menus'], async (tx) => {
        await tx.put('menus', record);
      });
    } catch {
      // Not kept (storage full or refused): shown all the same while the page lives; the next contact tries again.
    }
  }

  private open(): void {
    const opening = ++this.opening;
    this.heardSinceOpen = false;
    void this.database
      .read(['menus'], (tx) => tx.get('menus', this.party))
      .then(
        (kept) => {
          if (opening !== this.opening || this.heardSinceOpen || !kept) return;
          if (this.shownMenu.from !== 'party' || this.shownMenu.version !== kept.version) this.show(shownPartyMenu(kept));
        },
        () => undefined, // Nothing readable kept: the built-in list until the party's is heard.
      );
  }

  /** With no screen left, nothing is held in memory: the next screen reads what the phone kept. */
  private close(): void {
    this.opening += 1;
    this.shownMenu = BUILT_IN_MENU;
  }

  private show(menu: ShownMenu): void {
    this.shownMenu = menu;
    this.screens.notify();
  }
}
