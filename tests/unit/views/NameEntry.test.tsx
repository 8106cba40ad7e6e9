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

  it('explains a name of 3 characters or more with fewer than 3 letters, and keeps nothing', async () => {
    const { user } = renderApp();
    const field = screen.getByPlaceholderText('Tu nombre real');
    for (const typed of ['🍺🍺🍺', '007', 'A🍺🍺🍺b']) {
      await user.clear(field);
      await user.type(field, `${typed}{Enter}`);
      expect(screen.getByRole('alert')).toHaveTextContent('Tu nombre necesita al menos 3 letras que se puedan leer.');
      expect(field).toHaveAccessibleDescription(/al menos 3 letras/);
    }
    expect(localStorage.getItem('user')).toBeNull();
    await user.type(field, 'x');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps nothing of a name made of characters that show nothing (Hangul fillers, Braille blanks, zero-width, tags)', async () => {
    const { user, container } = renderApp();
    const field = screen.getByPlaceholderText('Tu nombre real');
    for (const typed of ['\u3164\u3164\u3164', '\u2800\u2800\u2800', '\u200b\u200d\u2060', '\u{E0041}\u{E0042}\u{E0043}']) {
      await user.clear(field);
      await user.type(field, typed);
      await user.click(screen.getByRole('button', { name: 'Continuar' }));
    }
    expect(localStorage.getItem('user')).toBeNull();
    expect(container.querySelector('[role="alert"]')).toBeNull();
    await user.clear(field);
    await user.type(field, 'Ana\u200b\u{E0041}{Enter}');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ full_name: 'Ana' });
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

  it('takes names with emoji beside their letters', async () => {
    const { user } = renderApp();
    await user.type(screen.getByPlaceholderText('Tu nombre real'), 'Ana 🍺🍀🎂{Enter}');
    expect(await screen.findByText('Ana 🍺🍀🎂')).toBeInTheDocument();
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
