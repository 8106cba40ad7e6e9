/**
 * An edit of the list whose answer is lost after the request left (the
 * function died, the connection dropped): the page asks for the list again and
 * says what is true, never a guess. Saved: 'La carta quedó guardada.'; not
 * there: that nothing was saved; the list unreadable too: that it is not known.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HostAnswer, HostCall } from '../../../src/host/api.ts';
import { createHostSession } from '../../../src/host/session.ts';
import { localHostStore } from '../../../src/host/storage.ts';
import { HostPage } from '../../../src/views/host/HostApp.tsx';
import { ANA, ANA_KEY, fakeParties } from './fake-parties.ts';

type Fate = 'answered' | 'lost after saving' | 'lost before the server' | 'no answer at all';

/** The party's page over the fake function, whose answers to edits (and then to everything) meet `fate`. */
async function openMenu() {
  const fake = fakeParties();
  const line = { fate: 'answered' as Fate, downAfterEdit: false };
  const lost: HostAnswer = { kind: 'failed', status: 502 };
  const ask = async (key: string, action: HostCall): Promise<HostAnswer> => {
    if (line.downAfterEdit) return { kind: 'offline' };
    const edit = action.action !== 'menu' && action.action !== 'party' && action.action !== 'parties';
    if (!edit || line.fate === 'answered') return fake.ask(key, action);
    if (line.fate === 'lost before the server') return lost;
    await fake.ask(key, action);
    if (line.fate === 'no answer at all') line.downAfterEdit = true;
    return line.fate === 'no answer at all' ? { kind: 'offline' } : lost;
  };
  const user = userEvent.setup();
  render(<HostPage session={createHostSession({ ask, store: localHostStore })} />);
  await user.type(screen.getByPlaceholderText('Clave para organizar'), ANA_KEY);
  await user.click(screen.getByRole('button', { name: 'Entrar' }));
  // 'Carta' chosen, every category opened (each is closed until tapped).
  await user.click(await screen.findByRole('tab', { name: 'Carta' }));
  const carta = await screen.findByRole('region', { name: 'Carta' });
  for (const category of await within(carta).findAllByRole('button', { expanded: false })) await user.click(category);
  await within(carta).findByText('Aperol Spritz');
  return { ...fake, user, carta, line };
}

const LINES = 'Sopaipillas;2.500;Entradas\nMojito;6990;Cócteles';

async function importLines(user: ReturnType<typeof userEvent.setup>, carta: HTMLElement) {
  await user.click(within(carta).getByLabelText('Líneas de la carta'));
  await user.paste(LINES);
  await user.click(within(carta).getByRole('button', { name: 'Guardar la carta importada' }));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('an import whose answer is lost', { timeout: 20_000 }, () => {
  it('saved on the server: the page reads the list again and says La carta quedó guardada.', async () => {
    const { user, carta, line, menus } = await openMenu();
    line.fate = 'lost after saving';
    await importLines(user, carta);
    expect(await within(carta).findByText('La carta quedó guardada.')).toBeVisible();
    expect(within(carta).queryByText(/No se guardó/)).toBeNull();
    expect(menus.get(ANA)?.find((item) => item.name === 'Sopaipillas')?.price).toBe(2500);
    // The list on screen is the one read again.
    expect(within(carta).getByRole('textbox', { name: 'Precio de Sopaipillas' })).toHaveValue('2500');
    expect(within(carta).getByLabelText('Líneas de la carta')).toHaveValue('');
  });

  it('not on the server: the list read again says so, and the lines stay to try again', async () => {
    const { user, carta, line, menus } = await openMenu();
    line.fate = 'lost before the server';
    await importLines(user, carta);
    expect(
      await within(carta).findByText('No se guardó nada. El servidor no respondió y la carta sigue como estaba: el cambio no se guardó. Intenta de nuevo.'),
    ).toBeVisible();
    expect(menus.get(ANA)?.some((item) => item.name === 'Sopaipillas')).toBe(false);
    expect(within(carta).getByLabelText('Líneas de la carta')).toHaveValue(LINES);
  });

  it('and the list cannot be read again: says it is not known, never that nothing was saved', async () => {
    const { user, carta, line } = await openMenu();
    line.fate = 'no answer at all';
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    await importLines(user, carta);
    expect(
      await within(carta).findByText(
        'El servidor no respondió y no se pudo saber si el cambio se guardó. Revisa la carta cuando vuelva la conexión antes de intentarlo de nuevo.',
      ),
    ).toBeVisible();
    expect(within(carta).queryByText(/No se guardó/)).toBeNull();
  });

  it('with no signal when it was sent: nothing left the page, so nothing was saved', async () => {
    const { user, carta, server } = await openMenu();
    server.signal = false;
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await importLines(user, carta);
    expect(await within(carta).findByText('No se guardó nada. Sin señal: el cambio no se guardó. Intenta de nuevo cuando vuelva la conexión.')).toBeVisible();
  });
});

describe('a price whose answer is lost', { timeout: 20_000 }, () => {
  it('is shown saved once the list read again has it, with no error', async () => {
    const { user, carta, line } = await openMenu();
    line.fate = 'lost after saving';
    const price = within(carta).getByRole('textbox', { name: 'Precio de Aperol Spritz' });
    await user.clear(price);
    await user.type(price, '7000');
    const row = price.closest('li') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Guardar' }));
    expect(await within(row).findByText('$7.000')).toBeVisible();
    expect(within(row).queryByText(/no se guardó|no respondió/)).toBeNull();
  });
});
