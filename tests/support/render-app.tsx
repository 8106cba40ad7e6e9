import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { phoneDatabase } from '../../src/db/index.ts';
import { OutboxProvider } from '../../src/sync/page.ts';
import { createOutbox, inProcessLock } from '../../src/sync/index.ts';
import { tabKinds } from '../../src/tab/outbox.ts';
import { transferKind } from '../../src/payments/transfer-kind.ts';
import { App } from '../../src/views/App.tsx';

export const GUEST_ID = '8a6e0804-2bd0-4672-b79e-d4b259de3b01';

/** Stores a guest as an earlier visit would have, before the app starts. */
export function storeGuest(fullName = 'Ana María', id = GUEST_ID): void {
  localStorage.setItem('user', JSON.stringify({ id, full_name: fullName }));
}

/** What an earlier visit heard of the guest's party (`my_tab_status`, kept for no signal): a party that pays at `paymentUrl`. */
export function heardParty(paymentUrl: string, id = GUEST_ID): void {
  const status = { party: { name: 'Fiesta de prueba', payment_url: paymentUrl, closed_at: null }, paid_mark: null, known: true };
  localStorage.setItem('tabStatus', JSON.stringify({ [id]: status }));
}

/** The page's outbox as main.tsx builds it, with the tab's kinds and the transfer notices', never started: the queue's own tests flush. */
function pageOutbox() {
  const outbox = createOutbox({ database: phoneDatabase, lock: inProcessLock(), appVersion: 'test' });
  const noServer = () => Promise.reject(new Error('no server in view tests'));
  for (const kind of [...tabKinds(phoneDatabase, noServer), transferKind(phoneDatabase, noServer)]) outbox.register(kind);
  return Promise.resolve(outbox);
}

export function renderApp() {
  const user = userEvent.setup();
  const view = render(
    <OutboxProvider value={pageOutbox()}>
      <App />
    </OutboxProvider>,
  );
  return { user, ...view };
}

export const searchField = () => screen.getByPlaceholderText('Pisco Mistral');
