/**
 * The app's registration hook (src/pwa/register-sw.ts, which useAppUpdate imports):
 * a new version is offered only while an older one runs the page, and takes
 * over, with a reload, only when the guest accepts it.
 */
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing';
  readonly postMessage = vi.fn();
  become(state: ServiceWorkerState): void {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  /** A new version is found and starts installing. */
  found(worker: FakeWorker): void {
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
  }
}

let registration: FakeRegistration;
type Register = (script: string, options: RegistrationOptions) => Promise<FakeRegistration>;
let container: EventTarget & { controller: FakeWorker | null; register: ReturnType<typeof vi.fn<Register>> };

async function loadHook() {
  vi.resetModules();
  return (await import('../../../src/pwa/register-sw.ts')).useRegisterSW;
}

beforeEach(() => {
  vi.stubEnv('PROD', true);
  registration = new FakeRegistration();
  container = Object.assign(new EventTarget(), { controller: null, register: vi.fn<Register>(() => Promise.resolve(registration)) });
  vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { serviceWorker: container }));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the registration hook', () => {
  it('registers the one worker once, however often it mounts', async () => {
    const useRegisterSW = await loadHook();
    const onRegisteredSW = vi.fn();
    renderHook(() => useRegisterSW({ onRegisteredSW }));
    renderHook(() => useRegisterSW());
    await waitFor(() => expect(onRegisteredSW).toHaveBeenCalledWith('/sw.js', registration));
    expect(container.register).toHaveBeenCalledTimes(1);
    expect(container.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  });

  it('asks nothing on the first install: that worker takes charge by itself', async () => {
    const useRegisterSW = await loadHook();
    const onNeedReload = vi.fn();
    const { result } = renderHook(() => useRegisterSW({ onNeedReload }));
    await waitFor(() => expect(container.register).toHaveBeenCalled());
    const first = new FakeWorker();
    act(() => {
      registration.found(first);
      first.become('installed');
    });
    expect(result.current.needRefresh[0]).toBe(false);
    act(() => {
      container.dispatchEvent(new Event('controllerchange'));
    });
    expect(onNeedReload).not.toHaveBeenCalled();
  });

  it('offers a new version installed while an older one runs the page, and reloads into it only on yes', async () => {
    container.controller = new FakeWorker();
    const useRegisterSW = await loadHook();
    const onNeedReload = vi.fn();
    const { result } = renderHook(() => useRegisterSW({ onNeedReload }));
    await waitFor(() => expect(container.register).toHaveBeenCalled());
    const next = new FakeWorker();
    act(() => {
      registration.found(next);
      next.become('installed');
    });
    registration.waiting = next;
    expect(result.current.needRefresh[0]).toBe(true);
    expect(next.postMessage).not.toHaveBeenCalled();

    await act(() => result.current.updateServiceWorker());
    expect(next.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    act(() => {
      container.dispatchEvent(new Event('controllerchange'));
    });
    expect(onNeedReload).toHaveBeenCalledTimes(1);
  });

  it('offers a version that was already waiting when the page opened', async () => {
    container.controller = new FakeWorker();
    registration.waiting = new FakeWorker();
    const useRegisterSW = await loadHook();
    const { result } = renderHook(() => useRegisterSW());
    await waitFor(() => expect(result.current.needRefresh[0]).toBe(true));
  });

  it('stays quiet when the browser refuses the worker', async () => {
    container.register.mockImplementation(() => Promise.reject(new Error('blocked')));
    const useRegisterSW = await loadHook();
    const onRegisterError = vi.fn();
    const { result } = renderHook(() => useRegisterSW({ onRegisterError }));
    await waitFor(() => expect(onRegisterError).toHaveBeenCalled());
    expect(result.current.needRefresh[0]).toBe(false);
  });
});

describe('the app’s update checks (useAppUpdate)', () => {
  it('ask for a new version when the app shows again, and stop when it unmounts', async () => {
    vi.resetModules();
    const { useAppUpdate } = await import('../../../src/pwa/use-app-update.ts');
    const update = vi.fn(() => Promise.resolve());
    Object.assign(registration, { update, active: null });
    Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    const { unmount } = renderHook(() => useAppUpdate());
    await waitFor(() => expect(container.register).toHaveBeenCalled());
    const shows = () => document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => {
      shows();
      expect(update).toHaveBeenCalled();
    });
    update.mockClear();
    unmount();
    shows();
    expect(update).not.toHaveBeenCalled();
  });
});
