/**
 * 'Carta' on a party's page: the host searches the list, changes a price,
 * marks a dish sold out, adds a product and imports a list, each saved on the
 * (fake) function before it shows; refusals in Spanish; a new party chooses
 * the list it starts with.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PRODUCT_PROBLEMS } from '../../../supabase/functions/_shared/menu-import.ts';
import { HostPage } from '../../../src/views/host/HostApp.tsx';
import { ANA, ANA_KEY, BETO, fakeParties, OWNER } from './fake-parties.ts';

type User = ReturnType<typeof userEvent.setup>;

/** 'Carta' chosen, every category opened (each is closed until tapped). */
async function showWholeMenu(user: User): Promise<HTMLElement> {
  await user.click(await screen.findByRole('tab', { name: 'Carta' }));
  const carta = await screen.findByRole('region', { name: 'Carta' });
  for (const category of await within(carta).findAllByRole('button', { expanded: false })) await user.click(category);
  return carta;
}

/** A party's host (its own key lands on its party) on 'Carta'. */
async function openMenu(key = ANA_KEY) {
  const fake = fakeParties();
  const session = fake.session();
  const user = userEvent.setup();
  render(<HostPage session={session} />);
  await user.type(screen.getByPlaceholderText('Clave para organizar'), key);
  await user.click(screen.getByRole('button', { name: 'Entrar' }));
  const carta = await showWholeMenu(user);
  await within(carta).findByText('Aperol Spritz');
  return { ...fake, user, carta };
}

const rowOf = (carta: HTMLElement, name: string) => {
  const row = within(carta).getByText(name).closest('li');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
};

describe('the party’s list', () => {
  it('searches by name or category, forgiving accents and capitals, and says when nothing matches', async () => {
    const { user, carta } = await openMenu();
    const search = within(carta).getByLabelText('Buscar en la carta');
    await user.type(search, 'COCTELES');
    expect(
      within(carta)
        .getAllByRole('textbox', { name: /^Precio de / })
        .map((field) => field.getAttribute('aria-label')),
    ).toEqual(['Precio de Aperol Spritz', 'Precio de Mojito']);
    await user.clear(search);
    await user.type(search, 'tabla');
    expect(within(carta).getByRole('textbox', { name: 'Precio de Tabla Irish' })).toBeVisible();
    expect(within(carta).queryByRole('textbox', { name: 'Precio de Mojito' })).toBeNull();
    await user.type(search, 'x');
    expect(within(carta).getByRole('status')).toHaveTextContent('No hay «tablax» en la carta.');
  });

  it('changes Aperol Spritz to $7.000 with its own field and Guardar', async () => {
    const { user, carta, menus, server } = await openMenu();
    const price = within(carta).getByRole('textbox', { name: 'Precio de Aperol Spritz' });
    expect(price).toHaveValue('6500');
    await user.clear(price);
    await user.type(price, '7.000');
    await user.click(within(rowOf(carta, 'Aperol Spritz')).getByRole('button', { name: 'Guardar' }));
    expect(await within(rowOf(carta, 'Aperol Spritz')).findByText('$7.000')).toBeVisible();
    expect(menus.get(ANA)?.find((item) => item.name === 'Aperol Spritz')?.price).toBe(7000);
    expect(server.requests.find((request) => request.action.action === 'set_price')?.action).toEqual({
      action: 'set_price',
      name: 'Aperol Spritz',
      price: 7000,
    });
  });

  it('refuses a price outside the rules before sending anything', async () => {
    const { user, carta, server } = await openMenu();
    const price = within(carta).getByRole('textbox', { name: 'Precio de Mojito' });
    await user.clear(price);
    await user.type(price, '7000,50');
    await user.click(within(rowOf(carta, 'Mojito')).getByRole('button', { name: 'Guardar' }));
    expect(within(rowOf(carta, 'Mojito')).getByText(PRODUCT_PROBLEMS.price)).toBeVisible();
    expect(server.requests.some((request) => request.action.action === 'set_price')).toBe(false);
  });

  it('marks Tabla Irish sold out with a real checkbox, and back', async () => {
    const { user, carta, menus } = await openMenu();
    const toggle = within(carta).getByRole('checkbox', { name: 'Agotado: Tabla Irish' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(await within(carta).findByRole('checkbox', { name: 'Agotado: Tabla Irish', checked: true })).toBeVisible();
    expect(menus.get(ANA)?.find((item) => item.name === 'Tabla Irish')?.sold_out).toBe(true);
    expect(rowOf(carta, 'Tabla Irish')).toHaveTextContent('agotado');
    await user.click(within(carta).getByRole('checkbox', { name: 'Agotado: Tabla Irish' }));
    expect(await within(carta).findByRole('checkbox', { name: 'Agotado: Tabla Irish', checked: false })).toBeVisible();
  });

  it('shows a sold-out tap at once, and puts it back with the reason when the function refuses it', async () => {
    const { user, carta, parties, server, menus } = await openMenu();
    const party = parties.get(ANA);
    if (!party) throw new Error('no party');
    // Closed from another phone: this page has not heard yet.
    parties.set(ANA, { ...party, closed_at: '2026-11-29T03:00:00Z' });
    let release: () => void = () => undefined;
    server.hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    await user.click(within(carta).getByRole('checkbox', { name: 'Agotado: Mojito' }));
    expect(within(carta).getByRole('checkbox', { name: 'Agotado: Mojito' })).toBeChecked();
    server.hold = null;
    release();
    expect(await within(rowOf(carta, 'Mojito')).findByText('La fiesta terminó: su carta ya no se cambia.')).toBeVisible();
    expect(within(carta).getByRole('checkbox', { name: 'Agotado: Mojito' })).not.toBeChecked();
    expect(menus.get(ANA)?.find((item) => item.name === 'Mojito')?.sold_out).toBe(false);
  });

  it('adds Pichanga de la casa at $12.990; a repeated name gets the function’s reason', async () => {
    const { user, carta, menus, server } = await openMenu();
    await user.type(within(carta).getByLabelText('Nombre del producto'), 'Pichanga de la casa');
    await user.type(within(carta).getByLabelText('Precio'), '$12.990');
    await user.type(within(carta).getByLabelText('Categoría'), 'Fondos');
    await user.click(within(carta).getByRole('button', { name: 'Agregar a la carta' }));
    expect(await within(carta).findByText('Pichanga de la casa quedó en la carta a $12.990.')).toBeVisible();
    // A new category, closed like the others until tapped.
    await user.click(within(carta).getByRole('button', { name: /^Fondos/, expanded: false }));
    expect(within(carta).getByRole('textbox', { name: 'Precio de Pichanga de la casa' })).toHaveValue('12990');
    expect(menus.get(ANA)?.at(-1)).toEqual({ name: 'Pichanga de la casa', price: 12990, category: 'Fondos', sold_out: false });
    // What goes on the wire is what the function reads: the fields beside the action.
    expect(server.requests.find((request) => request.action.action === 'add_product')?.action).toEqual({
      action: 'add_product',
      name: 'Pichanga de la casa',
      price: 12990,
      category: 'Fondos',
    });
    expect(within(carta).getByLabelText('Nombre del producto')).toHaveValue('');

    await user.type(within(carta).getByLabelText('Nombre del producto'), 'mojito');
    await user.type(within(carta).getByLabelText('Precio'), '5000');
    await user.click(within(carta).getByRole('button', { name: 'Agregar a la carta' }));
    expect(await within(carta).findByText('Ya hay un producto con ese nombre en la carta.')).toBeVisible();
  });

  it('says a missing category in Spanish and sends nothing', async () => {
    const { user, carta, server } = await openMenu();
    await user.type(within(carta).getByLabelText('Nombre del producto'), 'Ponche');
    await user.type(within(carta).getByLabelText('Precio'), '7990');
    await user.click(within(carta).getByRole('button', { name: 'Agregar a la carta' }));
    expect(within(carta).getByText(PRODUCT_PROBLEMS.category)).toBeVisible();
    expect(server.requests.some((request) => request.action.action === 'add_product')).toBe(false);
  });
});

describe('importing a list', () => {
  it('previews each line with its problem and saves nothing until every line is right', async () => {
    const { user, carta, menus, server } = await openMenu();
    const lines = within(carta).getByLabelText('Líneas de la carta');
    await user.click(lines);
    await user.paste('Nombre;Precio;Categoría\nSopaipillas;2.500;Entradas\nChorrillana;50;Entradas\nMojito;6990;Cócteles');
    const preview = within(carta).getByRole('region', { name: /^Vista previa/ });
    expect(
      within(preview)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Línea 2: Sopaipillas · Entradas · $2.500', `Línea 3: ${PRODUCT_PROBLEMS.price}`, 'Línea 4: Mojito · Cócteles · $6.990']);
    expect(preview).toHaveAccessibleName('Vista previa: 2 productos listos, 1 línea con problema');
    const save = within(carta).getByRole('button', { name: 'Guardar la carta importada' });
    expect(save).toBeDisabled();
    expect(server.requests.some((request) => request.action.action === 'import_menu')).toBe(false);

    await user.clear(lines);
    await user.paste('Sopaipillas;2.500;Entradas\nMojito;6990;Cócteles');
    expect(save).toBeEnabled();
    await user.click(save);
    expect(await within(carta).findByText('Carta guardada: 1 producto nuevo, 1 cambiado.')).toBeVisible();
    expect(server.requests.find((request) => request.action.action === 'import_menu')?.action).toEqual({
      action: 'import_menu',
      lines: [
        { name: 'Sopaipillas', price: 2500, category: 'Entradas' },
        { name: 'Mojito', price: 6990, category: 'Cócteles' },
      ],
    });
    expect(menus.get(ANA)?.map((item) => `${item.name} ${item.price}`)).toEqual(['Aperol Spritz 6500', 'Mojito 6990', 'Tabla Irish 16990', 'Sopaipillas 2500']);
    expect(lines).toHaveValue('');
  });

  it('reads a CSV file into the lines', async () => {
    const { user, carta } = await openMenu();
    const file = new File(['Nombre,Precio,Categoría\n"Ron, añejo",7000,Ron\n'], 'carta.csv', { type: 'text/csv' });
    await user.upload(within(carta).getByLabelText('O sube un archivo CSV'), file);
    const preview = await within(carta).findByRole('region', { name: /^Vista previa/ });
    expect(
      within(preview)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Línea 2: Ron, añejo · Ron · $7.000']);
    expect(within(carta).getByLabelText('Líneas de la carta')).toHaveValue('Nombre,Precio,Categoría\n"Ron, añejo",7000,Ron\n');
  });
});

describe('a closed party’s list', () => {
  it('is shown, not edited', async () => {
    const { user, carta } = await openMenu();
    await user.click(screen.getByRole('tab', { name: 'Invitados' }));
    await user.click(screen.getByRole('button', { name: 'Cerrar la fiesta' }));
    await user.click(screen.getByRole('button', { name: 'Sí, cerrar' }));
    await user.click(screen.getByRole('tab', { name: 'Carta' }));
    expect(await within(carta).findByText('La fiesta terminó: su carta ya no se cambia.')).toBeVisible();
    expect(within(carta).getByText('Mojito')).toBeVisible();
    expect(within(carta).queryByRole('textbox', { name: 'Precio de Mojito' })).toBeNull();
    expect(within(carta).queryByRole('button', { name: 'Agregar a la carta' })).toBeNull();
  });
});

describe('a new party’s starting list', () => {
  it('is the house list unless the owner picks a copy of an earlier party’s', async () => {
    const { session, server, menus } = fakeParties();
    const user = userEvent.setup();
    render(<HostPage session={session()} />);
    menus.set(BETO, [{ name: 'Choripán', price: 3990, category: 'Entradas', sold_out: false }]);
    // The owner lands on 'Fiestas'.
    await user.type(screen.getByPlaceholderText('Clave para organizar'), OWNER);
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await screen.findByRole('button', { name: /Asado de Beto/ });
    await user.click(screen.getByRole('button', { name: 'Nueva fiesta' }));
    const choice = screen.getByRole('combobox', { name: 'Carta' });
    expect(choice).toHaveDisplayValue('Carta de la casa');
    expect(
      within(choice)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Carta de la casa',
      'Copia de la carta de Fiesta de prueba (28-11-2026)',
      'Copia de la carta de Cumpleaños de Ana (28-11-2026)',
      'Copia de la carta de Asado de Beto (28-11-2026)',
    ]);
    await user.selectOptions(choice, 'Copia de la carta de Asado de Beto (28-11-2026)');
    await user.type(screen.getByPlaceholderText('Nombre de la fiesta'), 'Fiesta nueva');
    await user.click(screen.getByRole('button', { name: 'Crear fiesta' }));
    const carta = await showWholeMenu(user);
    expect(await within(carta).findByText('Choripán')).toBeVisible();
    expect(within(carta).queryByText('Aperol Spritz')).toBeNull();
    expect(server.requests.find((request) => request.action.action === 'create_party')?.action).toMatchObject({ menuFrom: BETO });
  });
});
