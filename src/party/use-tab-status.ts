import { useEffect, useState } from 'react';
import { env } from '../config/env.ts';
import { atEachContact } from '../platform/index.ts';
import { lastTabStatus, readTabStatus, type StatusGuest, type TabStatus } from './status.ts';

/** Between two contacts while the tab is open and visible. */
export const STATUS_EVERY_MS = 30_000;

/**
 * The party's status as last heard: asked when the tab opens, when the signal
 * returns, when the page becomes visible and every 30 s. Until an answer comes,
 * what the phone heard before (a party that ended stays ended with no signal);
 * null when it never heard.
 */
export function useTabStatus(guest: StatusGuest): TabStatus | null {
  const [status, setStatus] = useState<TabStatus | null>(() => lastTabStatus(guest.id));
  const backend = env.backend;
  const { id, party } = guest;
  useEffect(() => {
    if (!backend) return undefined;
    let current = true;
    const stop = atEachContact(() => {
      void readTabStatus(backend, { id, party }).then((heard) => {
        if (current && heard) setStatus(heard);
      });
    }, STATUS_EVERY_MS);
    return () => {
      current = false;
      stop();
    };
  }, [backend, id, party]);
  return status;
}
