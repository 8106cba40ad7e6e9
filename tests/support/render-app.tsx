import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../../src/views/App.tsx';
import { loadGuestScreen } from '../../src/views/lazy-guest-screen.tsx';

export const GUEST_ID = '8a6e0804-2bd0-4672-b79e-d4b259de3b01';

// The guest's screen is a chunk of its own in the app; here it is loaded before any test renders.
await loadGuestScreen();

/** Stores a guest as an earlier visit would have, before the app starts. */
export function storeGuest(fullName = 'Ana María', id = GUEST_ID): void {
  localStorage.setItem('user', JSON.stringify({ id, full_name: fullName }));
}

export function renderApp() {
  const user = userEvent.setup();
  const view = render(<App />);
  return { user, ...view };
}

export const searchField = () => screen.getByPlaceholderText('Pisco Mistral');
