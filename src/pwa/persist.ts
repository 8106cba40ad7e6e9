/**
 * Asks the browser to keep this site's storage (the tab) under pressure instead
 * of evicting it, where that shows the guest no prompt. Browsers without the
 * API, or that say no, are fine: the sync queue still carries the tab to the server.
 */
import { appRunsInstalled } from './display.ts';
import { mayAskPersistence } from './install-rules.ts';

async function persistencePermission(): Promise<PermissionState | 'unknown'> {
  try {
    return (await navigator.permissions.query({ name: 'persistent-storage' })).state;
  } catch {
    return 'unknown';
  }
}

export async function requestPersistentStorage(): Promise<boolean> {
  try {
    if (typeof navigator.storage.persist !== 'function') return false;
    if (await navigator.storage.persisted()) return true;
    const quiet = mayAskPersistence({
      installed: appRunsInstalled(),
      permission: await persistencePermission(),
      // Only Chromium has userAgentData; it grants or refuses persist() on its own.
      decidesWithoutPrompt: 'userAgentData' in navigator,
    });
    return quiet ? await navigator.storage.persist() : false;
  } catch {
    return false;
  }
}
