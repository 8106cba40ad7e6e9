/**
 * A first install that fails is said on the screen, in the guest's words; an
 * update that fails, or an install that succeeds, says nothing.
 */
import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** docs/product.md */
const NOT_OFFLINE = 'No se pudo preparar la app para usarla sin señal. Vuelve a abrirla con señal para intentarlo de nuevo.';

class FakeWorker extends EventTarget {
  constructor(public state: ServiceWorkerState = 'installing') {
    super();
  }
  become(state: ServiceWorkerState): void {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  active: FakeWorker | null = null;
  found(worker: FakeWorker): void {
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
  }
}

let readiness: typeof import('../../../src/pwa/offline-readiness.ts');
let registration: FakeRegistration;

/** A fresh module (its state is page-long) and the status line on screen. */
beforeEach(async () => {
  vi.resetModules();
  readiness = await import('../../../src/pwa/offline-readiness.ts');
  const { OfflineProblem } = await import('../../../src/views/OfflineProblem.tsx');
  render(<OfflineProblem />);
  registration = new FakeRegistration();
});

const watch = () => readiness.watchOfflineReadiness(registration as unknown as ServiceWorkerRegistration);
const statusLine = () => screen.queryByRole('status');

describe('the first install', () => {
  it('says nothing while it installs, nor once it is active', () => {
    const first = new FakeWorker();
    registration.installing = first;
    act(() => void watch());
    expect(statusLine()).toBeNull();
    act(() => {
      registration.active = first;
      first.become('activated');
    });
    expect(statusLine()).toBeNull();
  });

  it('says so on the status line when it fails, inside a live region already in the page', () => {
    const first = new FakeWorker();
    registration.installing = first;
    act(() => void watch());
    act(() => first.become('redundant'));
    expect(statusLine()).toHaveTextContent(NOT_OFFLINE);
    expect(statusLine()?.closest('[aria-live="polite"]')).not.toBeNull();
  });

  it('says so when it had already failed before the app asked, and stops once a retry installs', () => {
    act(() => void watch());
    expect(statusLine()).toHaveTextContent(NOT_OFFLINE);
    const retry = new FakeWorker();
    act(() => registration.found(retry));
    act(() => retry.become('activated'));
    expect(statusLine()).toBeNull();
  });
});

describe('an update', () => {
  it('that fails says nothing: the running version still opens with no signal', () => {
    registration.active = new FakeWorker('activated');
    act(() => void watch());
    const update = new FakeWorker();
    act(() => registration.found(update));
    act(() => update.become('redundant'));
    expect(statusLine()).toBeNull();
  });
});

describe('a registration the browser refuses', () => {
  it('says so unless a worker already runs the page', () => {
    const container = { controller: new FakeWorker('activated') as FakeWorker | null };
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { serviceWorker: container }));
    act(() => readiness.registrationFailed());
    expect(statusLine()).toBeNull();
    container.controller = null;
    act(() => readiness.registrationFailed());
    expect(statusLine()).toHaveTextContent(NOT_OFFLINE);
  });
});
