/** The host's page's hooks: the session's state, one guest's orders. */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { parseGuestDetail, type GuestDetail } from './party.ts';
import type { HostSession, HostState } from './session.ts';

/** The session's state; polls while mounted, and at once when the page shows again or the signal returns. */
export function useHostState(session: HostSession): HostState {
  const state = useSyncExternalStore(session.subscribe, session.current);
  useEffect(() => {
    const stop = session.start();
    const refresh = () => {
      if (document.visibilityState === 'visible') void session.refresh();
    };
    document.addEventListener('visibilitychange', refresh);
    window.addEventListener('online', refresh);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', refresh);
      window.removeEventListener('online', refresh);
    };
  }, [session]);
  return state;
}

export type DetailStatus = 'loading' | 'ready' | 'offline' | 'failed' | 'unknown';

export interface DetailState {
  /** The latest orders seen, even when the last try failed. */
  readonly detail: GuestDetail | null;
  readonly status: DetailStatus;
}

/** One guest's active orders; asked again whenever `version` (their row's totals) changes. */
export function useGuestDetail(session: HostSession, guestId: string, version: string): DetailState {
  const [state, setState] = useState<DetailState>(() => {
    const cached = session.details.get(guestId) ?? null;
    return { detail: cached, status: cached ? 'ready' : 'loading' };
  });
  useEffect(() => {
    let current = true;
    void session.ask({ action: 'guest', guestId }).then((answer) => {
      if (!current) return;
      const detail = answer.kind === 'ok' ? parseGuestDetail(answer.json) : null;
      if (detail) session.details.set(guestId, detail);
      setState((before) => ({
        detail: detail ?? before.detail,
        status: detail ? 'ready' : statusOf(answer.kind, answer.kind === 'refused' ? answer.status : 0),
      }));
    });
    return () => {
      current = false;
    };
  }, [session, guestId, version]);
  return state;
}

function statusOf(kind: 'ok' | 'refused' | 'offline' | 'failed', status: number): DetailStatus {
  if (kind === 'offline') return 'offline';
  return kind === 'refused' && status === 404 ? 'unknown' : 'failed';
}
