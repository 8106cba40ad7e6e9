/** A view whose code comes after offline-ready (src/views/later-view.tsx): nothing until it is here, never an error over the tab, tried again. */
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { laterView } from '../../../src/views/later-view.tsx';

function Claims({ line }: { readonly line: string }) {
  return <p>{`¿Alguien pidió ${line}?`}</p>;
}

/** A load the test answers: each call is one try, to resolve or to fail (no signal). */
function loads() {
  const tries: { resolve: () => void; fail: () => void }[] = [];
  const load = () =>
    new Promise<{ default: typeof Claims }>((resolve, reject) => {
      tries.push({ resolve: () => resolve({ default: Claims }), fail: () => reject(new TypeError('Failed to fetch dynamically imported module')) });
    });
  return { load, tries };
}

describe('a later view', () => {
  it('shows nothing while its code comes, then the view with its props', async () => {
    const { load, tries } = loads();
    const { View } = laterView(load);
    const { container } = render(<View line="Kilkenny" />);
    expect(container).toBeEmptyDOMElement();
    await act(async () => {
      tries[0]?.resolve();
      await Promise.resolve();
    });
    expect(screen.getByText('¿Alguien pidió Kilkenny?')).toBeVisible();
    expect(tries).toHaveLength(1);
  });

  it('shows nothing when its code cannot come, tries again when the signal is back, and then shows it', async () => {
    const { load, tries } = loads();
    const { View } = laterView(load);
    const { container } = render(<View line="Kilkenny" />);
    await act(async () => {
      tries[0]?.fail();
      await Promise.resolve();
    });
    expect(container).toBeEmptyDOMElement();
    expect(tries).toHaveLength(1);
    await act(async () => {
      window.dispatchEvent(new Event('online'));
      await Promise.resolve();
    });
    expect(tries).toHaveLength(2);
    await act(async () => {
      tries[1]?.resolve();
      await Promise.resolve();
    });
    expect(screen.getByText('¿Alguien pidió Kilkenny?')).toBeVisible();
  });

  it('fetched ahead, renders at once, and a failed fetch ahead is tried again at the next mount', async () => {
    const { load, tries } = loads();
    const later = laterView(load);
    const ahead = later.preload();
    tries[0]?.fail();
    await expect(ahead).rejects.toThrow(TypeError);
    const first = render(<later.View line="Kilkenny" />);
    expect(tries).toHaveLength(2);
    await act(async () => {
      tries[1]?.resolve();
      await Promise.resolve();
    });
    first.unmount();
    render(<later.View line="Corona" />);
    // Its code is here: the view shows on its first render, with no other try.
    expect(screen.getByText('¿Alguien pidió Corona?')).toBeVisible();
    expect(tries).toHaveLength(2);
  });
});
