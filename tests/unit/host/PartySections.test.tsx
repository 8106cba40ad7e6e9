/**
 * A party's page in sections (issue 31): the tabs as ARIA's pattern (keyboard
 * included), the section kept in the address, the first guests who owe most
 * with 'Ver todos' and 'Recordar a <name>', and each section's last snapshot
 * with no signal.
 */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HostPage } from '../../../src/views/host/HostApp.tsx';
import { ANA, ANA_KEY, fakeParties } from './fake-parties.ts';
import { guestRow } from './fixtures.ts';

/** Ana's party with six guests, guest i's tab i × $1.000 ($1.100… with tip), its host signed in. */
async function anasParty() {
  const fake = fakeParties();
  fake.guests.set(
    ANA,
    Array.from({ length: 6 }, (_, index) =>
      guestRow({ id: `g${index + 1}`, full_name: `Invitada ${index + 1}`, total: (index + 1) * 1000, tipped: (index + 1) * 1100 }),
    ),
  );
  // Invitada 1 paid it all; Invitada 2 paid $1.000 of her $2.200.
  const [first, second, ...rest] = fake.guests.get(ANA) ?? [];
  const paid = (guest: typeof first, amount: number) => guest && { ...guest, paid_amount: amount, paid_at: '2026-11-22T02:00:00Z' };
  fake.guests.set(
    ANA,
    [paid(first, 1100), paid(second, 1000), ...rest].filter((guest) => guest !== undefined),
  );
  const user = userEvent.setup();
  const view = render(<HostPage session={fake.session()} />);
  await user.type(screen.getByPlaceholderText('Clave para organizar'), ANA_KEY);
  await user.click(screen.getByRole('button', { name: 'Entrar' }));
  await screen.findByRole('heading', { name: 'Cumpleaños de Ana' });
  return { ...fake, user, view };
}

const selected = () => screen.getByRole('tab', { selected: true }).textContent;

describe('the sections of a party’s page', () => {
  it('are tabs: one in the tab order, arrows, Home and End move and show', async () => {
    const { user } = await anasParty();
    expect(screen.getByRole('tablist', { name: 'Secciones de la fiesta' })).toBeVisible();
    expect(selected()).toBe('Invitados');
    expect(screen.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([0, -1, -1, -1, -1]);
    const panel = screen.getByRole('tabpanel', { name: 'Invitados' });
    expect(screen.getByRole('tab', { name: 'Invitados' })).toHaveAttribute('aria-controls', panel.id);
    screen.getByRole('tab', { name: 'Invitados' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(selected()).toBe('Carta');
    expect(screen.getByRole('tab', { name: 'Carta' })).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'Carta' })).toBeVisible();
    expect(screen.queryByRole('tabpanel', { name: 'Invitados' })).toBeNull();
    await user.keyboard('{End}');
    expect(selected()).toBe('Compartir');
    await user.keyboard('{ArrowRight}');
    expect(selected()).toBe('Invitados');
    await user.keyboard('{ArrowLeft}');
    expect(selected()).toBe('Compartir');
    await user.keyboard('{Home}');
    expect(selected()).toBe('Invitados');
    expect(screen.getByRole('tab', { name: 'Invitados' })).toHaveFocus();
  }, 20_000);

  it('are kept in the address: each choice a step back can undo', async () => {
    const { user } = await anasParty();
    await user.click(screen.getByRole('tab', { name: 'Carta' }));
    expect(location.hash).toBe('#carta');
    await user.click(screen.getByRole('tab', { name: 'Compartir' }));
    expect(location.hash).toBe('#compartir');
    // The back button: the browser moves the address and says so.
    act(() => {
      history.replaceState(null, '', '#carta');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(selected()).toBe('Carta');
  }, 20_000);
});

describe('Invitados', () => {
  it('shows the four who owe most, the rest one tap away, each who owes with a WhatsApp reminder', async () => {
    const { user } = await anasParty();
    const list = screen.getByRole('region', { name: 'Invitados' });
    const names = () =>
      within(list)
        .getAllByRole('button', { expanded: false })
        .map((button) => button.textContent.replace(/[\s▸▾]+$/u, ''));
    expect(names()).toEqual(['Invitada 6', 'Invitada 5', 'Invitada 4', 'Invitada 3']);
    const remind = within(list).getByRole('link', { name: 'Recordar a Invitada 6' });
    expect(remind).toHaveAttribute('target', '_blank');
    expect(new URL(remind.getAttribute('href') ?? '').searchParams.get('text')).toBe(
      `Hola, Invitada 6: de «Cumpleaños de Ana» te falta pagar $6.600 con propina. Tu cuenta está aquí: ${location.origin}/f/${ANA}`,
    );
    await user.click(within(list).getByRole('button', { name: 'Ver todos (quedan 2)' }));
    expect(names()).toHaveLength(6);
    expect(within(list).queryByRole('button', { name: /^Ver todos/ })).toBeNull();
    // Paid in part: reminded of the rest; paid in full: no reminder.
    const partly = within(list).getByRole('link', { name: 'Recordar a Invitada 2' });
    expect(new URL(partly.getAttribute('href') ?? '').searchParams.get('text')).toContain('te falta pagar $1.200 con propina.');
    expect(within(list).queryByRole('link', { name: 'Recordar a Invitada 1' })).toBeNull();
  }, 20_000);
});

describe('with no signal', () => {
  it('each section reads what it read last, also after a reload', async () => {
    const { user, server, session: newSession, view } = await anasParty();
    await user.click(screen.getByRole('tab', { name: 'Carta' }));
    await within(screen.getByRole('region', { name: 'Carta' })).findByRole('button', { name: /^Cócteles/ });
    view.unmount();
    server.signal = false;
    // The page again, as after a reload with no signal: a new session over what the phone kept.
    render(<HostPage session={newSession()} />);
    expect(selected()).toBe('Carta');
    const carta = await screen.findByRole('region', { name: 'Carta' });
    await user.click(await within(carta).findByRole('button', { name: /^Cócteles/ }));
    expect(within(carta).getByRole('textbox', { name: 'Precio de Aperol Spritz' })).toHaveValue('6500');
    await user.click(screen.getByRole('tab', { name: 'Invitados' }));
    expect(within(screen.getByRole('region', { name: 'Invitados' })).getByRole('button', { name: /^Invitada 6/ })).toBeVisible();
    await user.click(screen.getByRole('tab', { name: 'Compartir' }));
    expect(screen.getByRole('link', { name: `${location.origin}/f/${ANA}` })).toBeVisible();
    expect(await within(screen.getByRole('tabpanel', { name: 'Compartir' })).findByRole('img', { name: 'Código QR de la fiesta' })).toBeVisible();
  }, 20_000);
});
