import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '../../../src/views/ErrorBoundary.tsx';

function Broken(): never {
  throw new Error('TypeError: cannot read properties of undefined');
}

describe('the last resort when a screen breaks', () => {
  it.each([
    [undefined, 'Tu cuenta sigue guardada en este teléfono. Recarga la página para seguir.'],
    ['Las cuentas siguen en el servidor.', 'Las cuentas siguen en el servidor. Recarga la página para seguir.'],
  ])('says in Spanish what is safe (%s) and offers a reload, never the error', (kept, message) => {
    // React reports the caught error on the console; here that is the point, not a problem.
    vi.mocked(console.error).mockImplementation(() => undefined);
    render(
      <ErrorBoundary {...(kept === undefined ? {} : { kept })}>
        <Broken />
      </ErrorBoundary>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(`Algo se enredó${message}Recargar`);
    expect(screen.getByRole('button', { name: 'Recargar' })).toBeInTheDocument();
    expect(alert).not.toHaveTextContent(/TypeError|undefined/);
  });
});
