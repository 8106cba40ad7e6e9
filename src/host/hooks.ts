/**
 * How the host's views reach the session: one provider at the page's root,
 * then a hook per store (useSyncExternalStore: a view renders again only when
 * the store it reads changes), and one guest's orders.
 */
import { createContext, createElement, useCallback, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { Followed } from '../platform/index.ts';
import type { HostAction } from '../../supabase/functions/_shared/host-request.ts';
import type { AccountState } from './account.ts';
import type { FeedState } from './feed.ts';
import type { PaidMarksState } from './paid-marks.ts';
import { parseGuestDetail, type GuestDetail } from './party.ts';
import type { PlaceState } from './places.ts';
import { reasonOf } from './reasons.ts';
import type { HostSession } from './session.ts';

const SessionContext = createContext<HostSession | null>(null);

/**
 * Gives its views the session, and keeps the party fresh while it is mounted:
 * the rhythm, and at once when the page shows again or the signal returns.
 */
export function HostSessionProvider({ session, children }: { readonly session: HostSession; readonly children: ReactNode }) {
  useEffect(() => {
    const { feed } = session;
    const stop = feed.start();
    const refresh = () => {
      if (document.visibilityState === 'visible') void feed.refresh();
    };
    document.addEventListener('visibilitychange', refresh);
    window.addEventListener('online', refresh);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', refresh);
      window.removeEventListener('online', refresh);
    };
  }, [session]);
  return createElement(SessionContext.Provider, { value: session }, children);
}

/** The stores, for their actions (sign in, open a party, mark paid…). */
export function useHostSession(): HostSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useHostSession needs a HostSessionProvider above it');
  return session;
}

/** A store of the session as the view renders it. */
const useFollowed = <State>(store: Followed<State>): State => useSyncExternalStore(store.subscribe, store.current);

export const useAccount = (): AccountState => useFollowed(useHostSession().account);
export const usePlace = (): PlaceState => useFollowed(useHostSession().places);
export const useFeed = (): FeedState => useFollowed(useHostSession().feed);
export const usePaidMarks = (): PaidMarksState => useFollowed(useHostSession().paidMarks);

export type DetailStatus = 'loading' | 'ready' | 'offline' | 'failed' | 'unknown';

export interface DetailState {
  /** The latest orders seen, even when the last try failed. */
  readonly detail: GuestDetail | null;
  readonly status: DetailStatus;
}

/**
 * One guest's lines; asked again whenever `version` (their row's totals) changes and at every read of the party, so an
 * open detail follows the bill, the claims and the shares as the rows do (a guest of honour's row stays at $0 while
 * their lines move).
 */
export function useGuestDetail(guestId: string, version: string): DetailState {
  const { feed, places } = useHostSession();
  const readAt = useFeed().snapshot?.receivedAt ?? 0;
  const [state, setState] = useState<DetailState>(() => {
    const cached = feed.details.get(guestId) ?? null;
    return { detail: cached, status: cached ? 'ready' : 'loading' };
  });
  useEffect(() => {
    let current = true;
    void places.ask({ action: 'guest', guestId }).then((answer) => {
      if (!current) return;
      const detail = answer.kind === 'ok' ? parseGuestDetail(answer.json) : null;
      if (detail) feed.details.set(guestId, detail);
      setState((before) => ({
        detail: detail ?? before.detail,
        status: detail ? 'ready' : statusOf(answer.kind, answer.kind === 'refused' ? answer.status : 0),
      }));
    });
    return () => {
      current = false;
    };
  }, [feed, places, guestId, version, readAt]);
  return state;
}

function statusOf(kind: 'ok' | 'refused' | 'offline' | 'failed', status: number): DetailStatus {
  if (kind === 'offline') return 'offline';
  return kind === 'refused' && status === 404 ? 'unknown' : 'failed';
}

/** What a change on the party says when it did not go through: sent with no signal, or gone with no answer. */
export interface ChangeMessages {
  readonly offline: string;
  readonly unknown: string;
}

/**
 * A change the `host` function makes on the party (the guest of honour, a
 * claim taken back), then the party read again, so every row and an open
 * detail show the server's figures; `kept` is handed the function's answer.
 * Resolves to why not, or null. With no answer the change may or may not be
 * saved: the page shows what the server holds, and `unknown` says so.
 */
export function useChangeThenRead(messages: ChangeMessages): (action: HostAction, kept?: (json: unknown) => void) => Promise<string | null> {
  const { places, feed } = useHostSession();
  return useCallback(
    async (action: HostAction, kept?: (json: unknown) => void) => {
      const leftOnline = navigator.onLine;
      const answer = await places.ask(action);
      if (answer.kind === 'refused') return reasonOf(answer);
      if (answer.kind === 'offline' && !leftOnline) return messages.offline;
      if (answer.kind === 'ok') kept?.(answer.json);
      await feed.read();
      return answer.kind === 'ok' ? null : messages.unknown;
    },
    [places, feed, messages],
  );
}
