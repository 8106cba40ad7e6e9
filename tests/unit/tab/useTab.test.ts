/** The tab as the screen follows it: picks at once, the total with them, the re-read of IndexedDB after the taps. */
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { db } from '../../../src/db/index.ts';
import { addOrder, useActiveOrders, useTabState, useTabTotal } from '../../../src/tab/index.ts';
import { REREAD_QUIET_MS } from '../../../src/tab/useTab.ts';

const ANA = '8a6e0804-2bd0-4672-b79e-d4b259de3b01';
const SUMMER_ALE = { name: 'Summer Ale 500cc', price: 4400 };

function renderTab() {
  return renderHook(() => ({ orders: useActiveOrders(ANA), total: useTabTotal(ANA), state: useTabState(ANA) }));
}

describe('the tab on screen', () => {
  it('shows each pick and its total in the tap, and reads IndexedDB again only once the taps stop', async () => {
    const tab = renderTab();
    await waitFor(() => expect(tab.result.current.state).toBe('empty'));
    const reads = vi.spyOn(db.orders, 'where');

    for (let tap = 1; tap <= 4; tap += 1) {
      let written: Promise<unknown> = Promise.resolve();
      act(() => {
        written = addOrder(ANA, SUMMER_ALE);
      });
      // In the tap itself, before IndexedDB has the pick.
      expect(tab.result.current.orders).toHaveLength(tap);
      expect(tab.result.current.total).toBe(4400 * tap);
      await act(() => written);
    }
    expect(tab.result.current.state).toBe('open');
    // Each write is done well within the calm the re-read waits for: none yet.
    expect(reads).not.toHaveBeenCalled();

    await waitFor(() => expect(reads).toHaveBeenCalledTimes(1), { timeout: REREAD_QUIET_MS * 4 });
    expect(tab.result.current.orders).toHaveLength(4);
    expect(tab.result.current.total).toBe(17600);
    tab.unmount();
  });
});
