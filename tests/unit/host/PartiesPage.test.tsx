import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HostPage } from '../../../src/views/host/HostApp.tsx';
import { ANA_KEY, fakeParties, OWNER } from './fake-parties.ts';

function renderHost() {
  const fake = fakeParties();
  const session = fake.session();
  const user = userEvent.setup();
  render(<HostPage session={session} />);
  return { ...fake, session, user };
}

async function signIn(user: ReturnType<typeof userEvent.setup>, key: string) {
  await user.type(screen.getByPlaceholderText('Clave para organizar'), key);
  await user.click(screen.getByRole('button', { name: 'Entrar' }));
}

describe('the owner’s parties', () => {
  it('lands on them with Nueva fiesta first, opens a new one on Compartir with its link, QR and key once', async () => {
    const { user } = renderHost();
    await signIn(user, OWNER);
    const list = await screen.findByRole('region', { name: 'Fiestas' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Fiesta de prueba28-11-2026 · 1 invitado$10.900',
      'Cumpleaños de Ana28-11-2026 · 1 invitado$10.900',
      'Asado de Beto28-11-2026 · 1 invitado$10.900',
    ]);
    // 'Nueva fiesta' comes before the list, whatever its length.
    const newParty = screen.getByRole('button', { name: 'Nueva fiesta' });
    expect(newParty.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await user.click(newParty);
    expect(screen.getByLabelText('Fecha')).toHaveValue(new Date().toLocaleDateString('sv-SE'));
    await user.type(screen.getByPlaceholderText('Nombre de la fiesta'), 'Fiesta nueva');
    await user.click(screen.getByRole('button', { name: 'Crear fiesta' }));
    expect(await screen.findByRole('heading', { name: 'Fiesta nueva' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Compartir' })).toHaveAttribute('aria-selected', 'true');
    expect(location.hash).toBe('#compartir');
    const link = `${location.origin}/f/codigoDeLaFiestaNueva0`;
    expect(screen.getByRole('link', { name: link })).toBeVisible();
    const qr = await screen.findByRole('img', { name: 'Código QR de la fiesta' });
    expect(qr).toHaveAttribute('shape-rendering', 'crispEdges');
    expect(qr.getAttribute('style')).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Clave de esta fiesta' })).getByText('la-clave-nueva')).toBeVisible();
    const whatsapp = new URL(screen.getByRole('link', { name: 'Compartir por WhatsApp' }).getAttribute('href') ?? '');
    expect(whatsapp.searchParams.get('text')).toBe(`Te invito a «Fiesta nueva». Anota lo que pides en La Cuenta, desde tu teléfono: ${link}`);
    await user.click(screen.getByRole('button', { name: 'Fiestas' }));
    await user.click(await screen.findByRole('button', { name: /Fiesta nueva/ }));
    expect(await screen.findByRole('heading', { name: 'Fiesta nueva' })).toBeVisible();
    // Opened from the list: its guests first, and the key is gone.
    expect(screen.getByRole('tab', { name: 'Invitados' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByText('la-clave-nueva')).toBeNull();
    // A whole evening of taps through the page: more than the default 5 s on a busy machine.
  }, 20_000);
});

describe('a party’s host', () => {
  it('sees its party with no list, and closes it after confirming', async () => {
    const { user } = renderHost();
    await signIn(user, ANA_KEY);
    expect(await screen.findByRole('heading', { name: 'Cumpleaños de Ana' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Fiestas' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Cerrar la fiesta' }));
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByText('La fiesta terminó.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Cerrar la fiesta' }));
    await user.click(screen.getByRole('button', { name: 'Sí, cerrar' }));
    expect(await screen.findByText('La fiesta terminó.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Cerrar la fiesta' })).toBeNull();
  });
});
