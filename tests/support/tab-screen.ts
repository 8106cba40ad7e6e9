/** A screen on a guest's tab in Vitest: subscribed as the views are, until the test ends. */
import { waitFor } from '@testing-library/react';
import { afterEach, expect } from 'vitest';
import type { TabStore } from '../../src/tab/index.ts';

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

/** The tab, followed by a screen, once it has read what the phone holds. */
export async function onScreen(tab: TabStore): Promise<TabStore> {
  stops.push(tab.subscribe(() => undefined));
  await waitFor(() => expect(tab.state()).not.toBe('loading'));
  return tab;
}

/** Another screen following the tab, told of each change, until the test ends. */
export function follow(tab: TabStore, listener: () => void): void {
  stops.push(tab.subscribe(listener));
}
