import { useEffect, useState } from 'react';
import { env } from '../config/env.ts';
import { onStoresChanged, phoneDatabase } from '../db/index.ts';
import { atEachContact, createListeners } from '../platform/index.ts';
import { billToClaimFor, knownFor, lastTabStatus, readTabStatus, type StatusGuest, type TabStatus } from './status.ts';

/** Between two contacts while the tab is open and visible. */
export const STATUS_EVERY_MS = 30_000;
/** After a change reached the server (or was refused) while the bar's bill has lines to claim: what is left, asked once the writes settle. */
export const AFTER_CLAIM_MS = 400;

/** Every tab's status asked again now: a payment read back from Mercado Pago changed what is paid. */
const askedNow = createListeners();
export const askTabStatusNow = (): void => askedNow.notify();
const NOTHING_SEEN = () => undefined;

/**
 * The party's status as last heard: asked when the tab opens, when the signal
 * returns, when the page becomes visible and every 30 s. Until an answer comes,
 * what the phone heard before (a party that ended stays ended with no signal);
 * null when it never heard. An answer to an older question never replaces a
 * newer one's: the screen never goes back to a count the server has moved past.
 * `billSeen` names the lines to claim the tab holds, which the server then
 * sends again only when they changed.
 */
export function useTabStatus(guest: StatusGuest, billSeen: () => string | undefined = NOTHING_SEEN): TabStatus | null {
  const [status, setStatus] = useState<TabStatus | null>(() => lastTabStatus(guest.id));
  const backend = env.backend;
  const { id, party } = guest;
  useEffect(() => {
    if (!backend) return undefined;
    let current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let asked = 0;
    let shown = 0;
    // Said once per answer, as it is kept: answers can come back in another order than their questions.
    const newest = (question: number) => () => {
      if (question < shown) return false;
      shown = question;
      return true;
    };
    const ask = () => {
      void readTabStatus(backend, { id, party }, newest(++asked), billSeen()).then((heard) => {
        if (current && heard) setStatus(heard);
      });
    };
    const stop = atEachContact(ask, STATUS_EVERY_MS);
    const stopAsked = askedNow.subscribe(ask);
    // While the bill has lines to claim, whatever reaches the server changes what is left: a claim's answer (the tab's
    // records change), and a pick or a 'Quitar' the server took (the outbox lets go of it; the tab's records stay as they
    // were). A phone reopened with its pick still queued heard the bill before the pick arrived, and showed one unit too many.
    // Until the server has the guest, their row leaving the queue is the moment to ask again: what they owe starts there.
    const stopWatching = onStoresChanged(phoneDatabase.name, ['orders', 'outbox'], () => {
      if (!billToClaimFor(id) && knownFor(id)) return;
      clearTimeout(timer);
      timer = setTimeout(ask, AFTER_CLAIM_MS);
    });
    return () => {
      current = false;
      clearTimeout(timer);
      stopWatching();
      stopAsked();
      stop();
    };
  }, [backend, id, party, billSeen]);
  return status;
}
