/** 'Invitar a alguien' on the guest's tab: the phone's share sheet where it has one, else the link copied, said briefly. */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InviteSomeone } from '../../../src/views/InviteSomeone.tsx';

const GUEST = { id: '8a6e0804-2bd0-4672-b79e-d4b259de3b01', full_name: 'Ana Pérez', party: 'codigoDeLaFiestaDeAna0' };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Invitar a alguien', () => {
  it('opens the share sheet with the party’s link, and says nothing more', async () => {
    const user = userEvent.setup();
    const share = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { share });
    render(<InviteSomeone guest={GUEST} />);
    await user.click(screen.getByRole('button', { name: 'Invitar a alguien' }));
    expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: `${location.origin}/f/codigoDeLaFiestaDeAna0` }));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('copies the link where there is no share sheet, with a short confirmation; the default party’s is the app’s address', async () => {
    // userEvent puts its own clipboard on the navigator it finds: this test's comes after.
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    render(<InviteSomeone guest={{ id: GUEST.id, full_name: GUEST.full_name }} />);
    await user.click(screen.getByRole('button', { name: 'Invitar a alguien' }));
    expect(writeText).toHaveBeenCalledWith(`${location.origin}/`);
    expect(await screen.findByRole('status')).toHaveTextContent('Enlace copiado: pégalo en el chat de la fiesta.');
  });

  it('shows the link when it can neither share nor copy', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('navigator', { clipboard: { writeText: () => Promise.reject(new Error('no')) } });
    render(<InviteSomeone guest={GUEST} />);
    await user.click(screen.getByRole('button', { name: 'Invitar a alguien' }));
    expect(await screen.findByRole('status')).toHaveTextContent(`No se pudo copiar el enlace. Es ${location.origin}/f/codigoDeLaFiestaDeAna0`);
  });
});
