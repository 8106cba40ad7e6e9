/** What a guest says finds the product: everyday words, one typo, a clear "nothing", and Enter for the only match. */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { db } from '../../../src/db/database.ts';
import { renderApp, searchField, storeGuest } from '../../support/render-app.tsx';

const consumed = () => screen.getByRole('region', { name: 'Productos consumidos' });
const suggestions = () => within(screen.getByRole('list', { name: 'Productos encontrados' })).queryAllByRole('button', { name: /^Agregar / });

describe('finding what a guest says', () => {
  it('finds the beers for "cerveza" and "una chela", the piscos for "pisko"', async () => {
    storeGuest();
    const { user } = renderApp();
    await user.type(searchField(), 'cerveza');
    expect(suggestions().map((button) => button.getAttribute('aria-label'))).toContain('Agregar Summer Ale 500cc');
    await user.clear(searchField());
    await user.type(searchField(), 'una chela');
    expect(suggestions().length).toBeGreaterThanOrEqual(20);
    await user.clear(searchField());
    await user.type(searchField(), 'pisko');
    expect(screen.getByRole('button', { name: 'Agregar Pisco Mistral 35°' })).toBeInTheDocument();
  });

  it('says so when nothing at all matches, in a polite live region, and takes it back as the text changes', async () => {
    storeGuest();
    const { user } = renderApp();
    await user.type(searchField(), '  unicornio ');
    const nothing = screen.getByText('No encontramos «unicornio» en la carta.');
    expect(nothing).toHaveAttribute('aria-live', 'polite');
    expect(screen.queryByRole('list', { name: 'Productos encontrados' })).toBeNull();
    await user.clear(searchField());
    await user.type(searchField(), 'u');
    expect(screen.queryByText(/No encontramos/)).toBeNull();
    expect(nothing).toBeInTheDocument();
    expect(nothing).toBeEmptyDOMElement();
  });

  it('adds the only suggestion with Enter, clears the field and keeps it focused', async () => {
    storeGuest();
    const { user } = renderApp();
    await user.type(searchField(), 'sumer ale 5{Enter}');
    expect(await within(consumed()).findByText('Summer Ale 500cc')).toBeInTheDocument();
    expect(searchField()).toHaveValue('');
    expect(searchField()).toHaveFocus();
  });

  it('does nothing on Enter while several suggestions are shown, or none', async () => {
    storeGuest();
    const { user } = renderApp();
    await user.type(searchField(), 'summer{Enter}');
    await user.clear(searchField());
    await user.type(searchField(), 'unicornio{Enter}');
    expect(searchField()).toHaveValue('unicornio');
    expect(await db.orders.count()).toBe(0);
    expect(within(consumed()).queryAllByRole('listitem')).toHaveLength(0);
  });
});
