import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createHostSession } from '../../../src/host/session.ts';
import { localHostStore } from '../../../src/host/storage.ts';
import { HostPage } from '../../../src/views/host/HostApp.tsx';
import { fakeHostServer, guestRow } from './fixtures.ts';

const KEY = 'clave-del-anfitrión';
const ANA = guestRow({ id: 'a', full_name: 'Ana Pérez', orders: 2, total: 10_900, tipped: 11_990 });
const BETO = guestRow({ id: 'b', full_name: 'Beto Soto', orders: 1, total: 16_990, tipped: 18_689, last_order_at: '2026-11-22T02:10:00Z' });

function renderHost() {
  const { server, ask } = fakeHostServer(KEY);
  server.guests = [BETO, ANA];
  server.orders.set('a', [
    { id: 'o2', product_name: 'Aperol Spritz', product_price: 6500, created_at: '2026-11-22T01:41:00Z', paid: false },
    { id: 'o1', product_name: 'Summer Ale 500cc', product_price: 4400, created_at: '2026-11-22T01:30:00Z', paid: false },
  ]);
  const session = createHostSession({ ask, store: localHostStore });
  const user = userEvent.setup();
  render(<HostPage session={session} />);
  return { server, session, user };
}

async function signIn(user: ReturnType<typeof userEvent.setup>, key = KEY) {
  await user.type(screen.getByPlaceholderText('Clave para organizar'), key);
  await user.click(screen.getByRole('button', { name: 'Entrar' }));
}

function readText(blob: Blob | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(new Error('unreadable'));
    if (blob) reader.readAsText(blob);
    else reject(new Error('no file'));
  });
}

const shownNames = async () => (await screen.findAllByRole('button', { expanded: false })).map((button) => button.textContent.replace(/[\s▸▾]+$/u, ''));
const totalOf = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
const rowOf = (name: string) => screen.getByRole('button', { name }).closest('li') as HTMLElement;

describe('the host’s sign-in', () => {
  it('asks for the key by its label and placeholder, and says when it is wrong', async () => {
    const { user } = renderHost();
    expect(screen.getByLabelText('Clave para organizar')).toHaveAttribute('type', 'password');
    await signIn(user, 'otra');
    expect(await screen.findByText('Clave incorrecta.')).toBeInTheDocument();
    expect(screen.queryByText('Total de la fiesta')).toBeNull();
  });
});

describe('the party view', () => {
  it('shows the party’s totals in $4.400 format', async () => {
    const { user } = renderHost();
    await signIn(user);
    expect(await screen.findByText('Total de la fiesta')).toBeInTheDocument();
    expect(totalOf('Total de la fiesta')).toBe('$27.890');
    expect(totalOf('Con propina')).toBe('$30.679');
    expect(totalOf('Pagado')).toBe('$0');
    expect(totalOf('Por cobrar')).toBe('$30.679');
    expect(screen.getByText(/^Actualizado hace \d+ s$/)).toBeInTheDocument();
  });

  it('lists guests, who owes most first, with count, totals, last order time and a named paid toggle', async () => {
    const { user } = renderHost();
    await signIn(user);
    // Beto owes $18.689, Ana $11.990: Beto first (this test listed them by name before the sort by debt).
    expect(await shownNames()).toEqual(['Beto Soto', 'Ana Pérez']);
    expect(screen.getByText('Primero quien debe más; al final, quienes ya pagaron.')).toBeInTheDocument();
    const ana = within(rowOf('Ana Pérez'));
    expect(ana.getByText(/^2 productos · último pedido \d{2}:\d{2}$/)).toBeInTheDocument();
    expect(ana.getByText('$10.900')).toBeInTheDocument();
    expect(ana.getByText('$11.990')).toBeInTheDocument();
    expect(ana.getByRole('checkbox', { name: 'Pagó Ana Pérez' })).not.toBeChecked();
    expect(within(rowOf('Beto Soto')).getByText(/^1 producto · /)).toBeInTheDocument();
  });

  it('marks a guest paid with the tipped total on screen, then says what they owe after ordering more', async () => {
    const { user, server, session } = renderHost();
    await signIn(user);
    await user.click(await screen.findByRole('checkbox', { name: 'Pagó Ana Pérez' }));
    await vi.waitFor(() => expect(server.actions).toContainEqual({ action: 'paid', guestId: 'a', paid: true, amount: 11_990 }));
    expect(await screen.findByRole('checkbox', { name: 'Pagó Ana Pérez' })).toBeChecked();
    // The totals are the server's: they change with the party read that follows the send, which may come a moment later.
    await vi.waitFor(() => expect(totalOf('Pagado')).toBe('$11.990'));
    expect(within(rowOf('Ana Pérez')).getByText(/^Pagó \$11\.990 a las \d{2}:\d{2}$/)).toBeInTheDocument();

    server.guests = server.guests.map((row) => (row.id === 'a' ? { ...row, orders: 3, total: 15_300, tipped: 16_830 } : row));
    await act(() => session.feed.refresh());
    expect(within(rowOf('Ana Pérez')).getByText('Debe $4.840 más')).toBeInTheDocument();
    expect(totalOf('Por cobrar')).toBe('$23.529');

    await user.click(screen.getByRole('checkbox', { name: 'Pagó Ana Pérez' }));
    await vi.waitFor(() => expect(server.actions.filter((action) => action.action === 'paid').at(-1)).toEqual({ action: 'paid', guestId: 'a', paid: false }));
    expect(await screen.findByRole('checkbox', { name: 'Pagó Ana Pérez' })).not.toBeChecked();
    expect(screen.queryByText(/^Debe /)).toBeNull();
  });

  it('shows a guest’s active orders, newest first, with product and price, when tapped', async () => {
    const { user } = renderHost();
    await signIn(user);
    await user.click(await screen.findByRole('button', { name: 'Ana Pérez' }));
    const list = await screen.findByRole('list', { name: 'Pedidos de Ana Pérez' });
    const items = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([expect.stringMatching(/^Aperol Spritz · \d{2}:\d{2}\$6\.500$/), expect.stringMatching(/^Summer Ale 500cc · \d{2}:\d{2}\$4\.400$/)]);
    expect(screen.getByRole('button', { name: 'Ana Pérez' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('keeps the party on screen with its age when the signal goes, and says so', async () => {
    const { user, server, session } = renderHost();
    await signIn(user);
    await screen.findByText('Total de la fiesta');
    server.signal = false;
    await act(() => session.feed.refresh());
    expect(screen.getByRole('status')).toHaveTextContent('Sin señal: se muestra lo último que llegó.');
    expect(totalOf('Total de la fiesta')).toBe('$27.890');
    // Each guest's paid toggle and guest of honour toggle, still there to tap.
    expect(screen.getAllByRole('checkbox', { name: /^Pagó / })).toHaveLength(2);
    expect(screen.getAllByRole('checkbox', { name: /^Invitado de honor: / })).toHaveLength(2);
  });

  it('downloads the CSV, and says when there is no signal for it', async () => {
    const { user, server } = renderHost();
    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:csv';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await signIn(user);
    await user.click(await screen.findByRole('button', { name: 'Descargar CSV' }));
    expect(click).toHaveBeenCalledTimes(1);
    expect(click.mock.contexts[0]).toMatchObject({ download: expect.stringMatching(/^fiesta-\d{4}-\d{2}-\d{2}\.csv$/) });
    const text = await readText(created[0]);
    expect(text.split('\r\n')).toHaveLength(4);
    expect(text).toContain('Ana Pérez;Aperol Spritz;6500;');
    server.signal = false;
    await user.click(screen.getByRole('button', { name: 'Descargar CSV' }));
    expect(await screen.findByText('Sin señal: el CSV se descarga cuando vuelva la conexión.')).toBeInTheDocument();
  });

  it('puts those who paid last, and orders the same debt by name', async () => {
    const { user, server } = renderHost();
    server.guests = [
      BETO,
      ANA,
      guestRow({ id: 'c', full_name: 'Álvaro Ruiz', tipped: 11_990 }),
      guestRow({ id: 'd', full_name: 'Zoe Paz', tipped: 30_000, paid_amount: 30_000, paid_at: '2026-11-22T02:00:00Z' }),
    ];
    await signIn(user);
    expect(await shownNames()).toEqual(['Beto Soto', 'Álvaro Ruiz', 'Ana Pérez', 'Zoe Paz']);
    await user.click(screen.getByRole('checkbox', { name: 'Pagó Beto Soto' }));
    await vi.waitFor(async () => expect(await shownNames()).toEqual(['Álvaro Ruiz', 'Ana Pérez', 'Beto Soto', 'Zoe Paz']));
  });

  it('finds guests by name whatever the accents and capitals, and says when nobody matches; the totals stay the party’s', async () => {
    const { user, server } = renderHost();
    server.guests = [BETO, ANA, guestRow({ id: 'c', full_name: 'Fernández Lagos', tipped: 5000 })];
    await signIn(user);
    const search = await screen.findByRole('searchbox', { name: 'Buscar invitado' });
    expect(search).toHaveAttribute('placeholder', 'Nombre o apellido');
    await user.type(search, 'FERNANDEZ');
    await vi.waitFor(async () => expect(await shownNames()).toEqual(['Fernández Lagos']));
    expect(totalOf('Con propina')).toBe('$35.679');
    await user.clear(search);
    await user.type(search, '  pérez ');
    await vi.waitFor(async () => expect(await shownNames()).toEqual(['Ana Pérez']));
    await user.clear(search);
    await user.type(search, 'Xime');
    expect(await screen.findByText('Nadie se llama «Xime».')).toBeInTheDocument();
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
  });

  it('shows a mark made with no signal at once, says it waits, and sends it when the signal returns', async () => {
    const { user, server, session } = renderHost();
    await signIn(user);
    server.signal = false;
    await user.click(await screen.findByRole('checkbox', { name: 'Pagó Ana Pérez' }));
    expect(screen.getByRole('checkbox', { name: 'Pagó Ana Pérez' })).toBeChecked();
    expect(await within(rowOf('Ana Pérez')).findByText('Se enviará cuando vuelva la señal.')).toBeInTheDocument();
    expect(totalOf('Pagado')).toBe('$0'); // The party's totals are the server's.
    server.signal = true;
    await act(() => session.feed.refresh());
    expect(server.guests.find((row) => row.id === 'a')?.paid_amount).toBe(11_990);
    expect(totalOf('Pagado')).toBe('$11.990');
    expect(within(rowOf('Ana Pérez')).queryByText('Se enviará cuando vuelva la señal.')).toBeNull();
    expect(localStorage.getItem('hostPendingMarks')).toBeNull();
  });

  it('shows a mark the server refuses, and does not send it again', async () => {
    const { user, server, session } = renderHost();
    await signIn(user);
    server.refuse = 'Invitado desconocido.';
    await user.click(await screen.findByRole('checkbox', { name: 'Pagó Ana Pérez' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No se guardó la marca: Invitado desconocido.');
    expect(screen.getByRole('checkbox', { name: 'Pagó Ana Pérez' })).not.toBeChecked();
    const sent = server.actions.filter((action) => action.action === 'paid').length;
    await act(() => session.feed.refresh());
    expect(server.actions.filter((action) => action.action === 'paid')).toHaveLength(sent);
  });

  it('sends a refused mark again on Reintentar, as a guest’s refused order is, and the row then shows it paid', async () => {
    const { user, server } = renderHost();
    await signIn(user);
    server.refuse = 'Otra acción cambió la fiesta al mismo tiempo.';
    await user.click(await screen.findByRole('checkbox', { name: 'Pagó Ana Pérez' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No se guardó la marca: Otra acción cambió la fiesta al mismo tiempo.');
    server.refuse = null;
    await user.click(within(rowOf('Ana Pérez')).getByRole('button', { name: 'Reintentar la marca de Ana Pérez' }));
    await vi.waitFor(() => expect(server.guests.find((row) => row.id === 'a')?.paid_amount).toBe(11_990));
    expect(await screen.findByRole('checkbox', { name: 'Pagó Ana Pérez' })).toBeChecked();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('forgets the key on Salir and asks for it again', async () => {
    const { user } = renderHost();
    await signIn(user);
    await user.click(await screen.findByRole('button', { name: 'Salir' }));
    expect(screen.getByPlaceholderText('Clave para organizar')).toBeInTheDocument();
    expect(localStorage.getItem('hostKey')).toBeNull();
  });
});
