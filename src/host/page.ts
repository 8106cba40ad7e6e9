/** The session of the page at /anfitrion: this build's `host` function, the phone's storage, the page's visibility. Built once, by the page's entry. */
import { env } from '../config/env.ts';
import type { PageOutbox } from '../sync/page.ts';
import { askHost, hostEndpoint } from './api.ts';
import { createHostSession, type HostSession } from './session.ts';
import { localHostStore } from './storage.ts';

/** A photo of the bar's bill waits for the vision model (its own deadline is 25 s); every other request, the client's usual deadline. */
const PHOTO_TIMEOUT_MS = 30_000;

/** Null for a build with no server: the party is only seen with Supabase configured. */
export function openHostPage(outbox: PageOutbox): HostSession | null {
  if (!env.backend) return null;
  const endpoint = hostEndpoint(env.backend);
  return createHostSession({
    ask: (key, action) => askHost(endpoint, key, action, action.action === 'read_bill_photo' ? { timeoutMs: PHOTO_TIMEOUT_MS } : {}),
    store: localHostStore,
    isVisible: () => document.visibilityState === 'visible',
    outbox,
  });
}
