import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, storeGuest } from '../../support/render-app.tsx';

describe('name entry (view 1)', () => {
  it('shows the spec’s texts when no guest is stored', () => {
    renderApp();
    expect(screen.getByLabelText('Ingresa tu nombre para continuar')).toHaveAttribute('placeholder', 'Tu nombre real');
    expect(screen.getByText('Tu nombre real, porfa :)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continuar' })).toBeInTheDocument();
  });

  it('silently ignores a name shorter than 3 characters or only spaces', async () => {
    const { user, container } = renderApp();
    const field = screen.getByPlaceholderText('Tu nombre real');
    for (const typed of ['Jo', '     ', ' J ']) {
      await user.clear(field);
      if (typed) await user.type(field, typed);
      await user.click(screen.getByRole('button', { name: 'Continuar' }));
      expect(screen.getByRole('button', { name: 'Continuar' })).toBeInTheDocument();
    }
    expect(localStorage.getItem('user')).toBeNull();
    expect(container.querySelector('[role="alert"]')).toBeNull();
  });

  it('takes a trimmed name, stores it with a UUID and opens the tab', async () => {
    const { user } = renderApp();
    await user.type(screen.getByPlaceholderText('Tu nombre real'), '  Ana María {Enter}');
    expect(await screen.findByText('Ana María')).toBeInTheDocument();
    expect(screen.getByText(/Escribe lo que pediste,/)).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
      full_name: 'Ana María',
    });
  });

  it('limits the field to 60 characters', async () => {
    const { user } = renderApp();
    const field = screen.getByPlaceholderText('Tu nombre real');
    expect(field).toHaveAttribute('maxLength', '60');
    await user.click(field);
    await user.paste('x'.repeat(10_000));
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(JSON.parse(localStorage.getItem('user') ?? '{}').full_name).toBe('x'.repeat(60));
  });

  it('renders markup in a name as text, never as HTML', async () => {
    const { user, container } = renderApp();
    await user.type(screen.getByPlaceholderText('Tu nombre real'), '<img src=x onerror=alert(1)>{Enter}');
    expect(await screen.findByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
  });

  it('takes emoji names', async () => {
    const { user } = renderApp();
    await user.type(screen.getByPlaceholderText('Tu nombre real'), '🍺🍀🎂{Enter}');
    expect(await screen.findByText('🍺🍀🎂')).toBeInTheDocument();
  });

  it('shows the name view for a corrupt stored user, without crashing', () => {
    for (const raw of ['not json', '{"id":"x"}', '{"full_name":"Ana"}', 'null', '[]']) {
      localStorage.setItem('user', raw);
      const { unmount } = renderApp();
      expect(screen.getByRole('button', { name: 'Continuar' })).toBeInTheDocument();
      unmount();
    }
  });

  it('opens straight on the tab when a guest is stored', () => {
    storeGuest('Beto');
    renderApp();
    expect(screen.getByText('Beto')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continuar' })).toBeNull();
  });
});

describe('a long name', () => {
  it('says so as the field’s limit is reached, instead of cutting it silently', async () => {
    const { user } = renderApp();
    const field = screen.getByPlaceholderText('Tu nombre real');
    await user.type(field, 'María de los Ángeles Fernández-Valenzuela y Undurraga Larra');
    expect(field).toHaveValue('María de los Ángeles Fernández-Valenzuela y Undurraga Larra');
    expect(screen.queryByText(/Llegaste al máximo/)).toBeNull();
    await user.type(field, 'ín');
    expect(field).toHaveValue('María de los Ángeles Fernández-Valenzuela y Undurraga Larraí');
    const limit = screen.getByText('Llegaste al máximo de 60 caracteres: lo que sigas escribiendo no se agrega.');
    expect(limit).toHaveAttribute('aria-live', 'polite');
    expect(field.getAttribute('aria-describedby')).toContain(limit.id);
    await user.type(field, '{Backspace}');
    expect(screen.queryByText(/Llegaste al máximo/)).toBeNull();
  });
});
