/**
 * '¿Alguien pidió esto?' (issue 43): each line says what is left in words a
 * guest reads at a glance, a line already shared offers to join that share
 * first (one tap), another split only while a unit is left, and what this
 * phone claimed and the server has not counted yet is not offered twice.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { UnclaimedLine } from '../../../src/db/index.ts';
import { guestTab, keepServerBill } from '../../../src/tab/index.ts';
import BillClaims from '../../../src/views/BillClaims.tsx';

const GUEST = '8a6e0804-2bd0-4672-b79e-d4b259de3b01';
const line = (change: Partial<UnclaimedLine>): UnclaimedLine => ({
  line_id: crypto.randomUUID(),
  product_name: 'Tabla Irish',
  unit_price: 16_990,
  units_left: 0,
  open_shares: [],
  ...change,
});

async function shown(lines: UnclaimedLine[]) {
  await keepServerBill(GUEST, { total: 0, lines: [], unclaimed: lines, unclaimed_version: 'v1' }, Date.now());
  const tab = guestTab(GUEST);
  const onClaim = vi.fn();
  render(<BillClaims tab={tab} onClaim={onClaim} />);
  const block = await screen.findByRole('region', { name: '¿Alguien pidió esto?' });
  return { tab, onClaim, block, user: userEvent.setup() };
}

const itemOf = (block: HTMLElement, name: string) => within(block).getByText(name).closest('li') as HTMLElement;

describe('¿Alguien pidió esto?', () => {
  it('says what is left of each line in a guest’s words', async () => {
    const { block } = await shown([
      line({ product_name: 'Tabla Irish', open_shares: [{ shares: 3, left: 2 }] }),
      line({ product_name: 'Kilkenny 500cc', unit_price: 5_790, units_left: 2 }),
      line({ product_name: 'Summer Ale 500cc', unit_price: 4_400, units_left: 1, open_shares: [{ shares: 3, left: 1 }] }),
    ]);
    expect(itemOf(block, 'Tabla Irish')).toHaveTextContent('Compartida entre 3 · faltan 2 partes');
    expect(itemOf(block, 'Kilkenny 500cc')).toHaveTextContent('Quedan 2');
    expect(itemOf(block, 'Summer Ale 500cc')).toHaveTextContent('Queda 1 · otra compartida entre 3 · falta 1 parte');
    // Nothing but joining is left of the shared Tabla: no 'Es mío', no other split.
    expect(
      within(itemOf(block, 'Tabla Irish'))
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Unirme: somos 3']);
    expect(
      within(itemOf(block, 'Summer Ale 500cc'))
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Unirme: somos 3', 'Es mío', 'Lo compartimos']);
  });

  it('joins the share that is there in one tap; Es mío and another split as asked', async () => {
    const tabla = line({ units_left: 1, open_shares: [{ shares: 3, left: 2 }] });
    const { block, onClaim, user } = await shown([tabla]);
    await user.click(within(block).getByRole('button', { name: 'Unirme: somos 3 en Tabla Irish' }));
    expect(onClaim).toHaveBeenLastCalledWith(tabla, 3, true);
    await user.click(within(block).getByRole('button', { name: 'Es mío: Tabla Irish' }));
    expect(onClaim).toHaveBeenLastCalledWith(tabla, 1, false);
    await user.click(within(block).getByRole('button', { name: 'Lo compartimos' }));
    await user.selectOptions(within(block).getByLabelText('Entre cuántas personas: Tabla Irish'), '4');
    await user.click(within(block).getByRole('button', { name: 'Compartir Tabla Irish entre 4' }));
    expect(onClaim).toHaveBeenLastCalledWith(tabla, 4, false);
  });

  it('offers nothing twice: a share this phone joined, and a unit it claimed, before the server counted them', async () => {
    const tabla = line({ units_left: 1, open_shares: [{ shares: 3, left: 2 }] });
    const { block, tab } = await shown([tabla]);
    await tab.claim(tabla, 3, true);
    await waitFor(() => expect(itemOf(block, 'Tabla Irish')).toHaveTextContent('Queda 1'));
    expect(within(itemOf(block, 'Tabla Irish')).queryByRole('button', { name: /Unirme/ })).toBeNull();
    // Nothing left to claim: the block goes.
    await tab.claim(tabla, 1);
    await waitFor(() => expect(screen.queryByRole('region', { name: '¿Alguien pidió esto?' })).toBeNull());
  });
});
