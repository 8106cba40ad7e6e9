/**
 * Where the host is: one party's page (by its code; none for the key's own
 * party or the default one) or, for the owner, the list of parties. It is
 * kept on the phone with whose key it is, one record, until 'Salir'. Every
 * request about the party on screen names it. A party made on this page
 * shows its key there until the host leaves it; the key is never kept.
 */
import type { HostAction } from '../../supabase/functions/_shared/host-request.ts';
import { createListeners, type Followed } from '../platform/index.ts';
import type { Account } from './account.ts';
import type { HostAnswer, HostCall } from './api.ts';
import { parseMadeParty, type ListedParty } from './parties.ts';
import { reasonOf } from './reasons.ts';
import { HOME, type HostStore, type Place } from './storage.ts';

export interface PlaceState {
  readonly place: Place;
  /** The owner's list, newest first, once it arrived. */
  readonly parties: readonly ListedParty[] | null;
  /** The key of a party made on this page: shown on its page until the host leaves it, never kept on the phone. */
  readonly made: { readonly code: string; readonly key: string } | null;
}

export interface NewParty {
  readonly name: string;
  /** AAAA-MM-DD. */
  readonly date: string;
  readonly paymentUrl: string | null;
  /** The code of the earlier party whose list it starts with; none: the built-in list ('Carta de la casa'). */
  readonly menuFrom?: string | null;
}

export interface PlacesOptions {
  readonly account: Account;
  readonly store: Pick<HostStore, 'loadPlace' | 'savePlace'>;
  /** The host went elsewhere: the feed shows what it kept of the new place and reads it now. */
  readonly onMove: () => void;
}

export interface Places extends Followed<PlaceState> {
  /** The party on screen's code; null on the list, or for the key's own (or the default) party. */
  readonly code: () => string | null;
  /** A request about the party on screen, with the key. */
  readonly ask: (action: HostAction) => Promise<HostAnswer>;
  /** The owner's list of parties. */
  readonly openParties: () => void;
  /** A party's page: its code, or null for the key's own party (the default one for the owner). */
  readonly openParty: (code: string | null) => void;
  /** Opens a party and its page; resolves to the function's reason when it said no, else null. */
  readonly createParty: (party: NewParty) => Promise<string | null>;
  /** Asks whose key this is (a party's key stays on its party) and keeps the owner's list that comes with it. */
  readonly learnRole: () => Promise<void>;
  /** The owner's list as the feed read it again. */
  readonly keepList: (parties: readonly ListedParty[]) => void;
  /** A key just taken: its own party's page (where it may go is asked next). */
  readonly goHome: () => void;
  /** 'Salir': the place and the list go with the key. */
  readonly forget: () => void;
}

export function createPlaces({ account, store, onMove }: PlacesOptions): Places {
  let state: PlaceState = { place: account.key() === null ? HOME : store.loadPlace().place, parties: null, made: null };
  const { subscribe, notify } = createListeners();
  const update = (change: Partial<PlaceState>) => {
    state = { ...state, ...change };
    notify();
  };
  const code = () => (state.place.view === 'party' ? state.place.code : null);
  const goTo = (place: Place, change: Partial<PlaceState> = {}) => {
    store.savePlace({ role: account.current().role, place });
    update({ place, ...change });
    onMove();
  };

  return {
    current: () => state,
    subscribe,
    code,
    ask: (action) => {
      const here = code();
      return account.ask(here === null ? action : ({ ...action, party: here } satisfies HostCall));
    },
    openParties: () => goTo({ view: 'parties' }, { made: null }),
    openParty: (party) => goTo({ view: 'party', code: party }, state.made?.code === party ? {} : { made: null }),
    createParty: async (party) => {
      const answer = await account.ask({ action: 'create_party', ...party, menuFrom: party.menuFrom ?? null });
      const made = answer.kind === 'ok' ? parseMadeParty(answer.json) : null;
      if (made) goTo({ view: 'party', code: made.code }, { made: { code: made.code, key: made.host_key } });
      return made ? null : reasonOf(answer);
    },
    learnRole: async () => {
      const learned = await account.learnRole();
      if (!learned) return;
      // Whose key it is was unknown, so the page stood on the sign-in's place: the owner lands on the parties, with 'Nueva fiesta' at hand.
      const place: Place = learned.role === 'owner' ? { view: 'parties' } : HOME;
      store.savePlace({ role: learned.role, place });
      update({ place, parties: learned.parties });
    },
    keepList: (parties) => update({ parties }),
    goHome: () => update({ place: HOME }),
    forget: () => update({ place: HOME, parties: null, made: null }),
  };
}
