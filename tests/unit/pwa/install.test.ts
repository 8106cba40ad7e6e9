import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INSTALL_HINT_KEY, watchInstallOffers } from '../../../src/pwa/install.ts';
import { dismissInstallHint, promptInstall, useInstallOffer } from '../../../src/pwa/index.ts';
import { installOffer, isIosSafari, mayAskPersistence, runsInstalled } from '../../../src/pwa/install-rules.ts';

const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IPAD_AS_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const IPHONE_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1';
const IPHONE_FIREFOX =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/127.0 Mobile/15E148 Safari/605.1.15';
const IPHONE_INSTAGRAM = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 330.0.0.0';
const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

const situation = { installed: false, promptReady: false, iosSafari: false, hintDismissed: false };

describe('when to offer installing', () => {
  it('offers the button where the browser handed over its prompt, the hint on iOS Safari until dismissed, nothing installed', () => {
    expect(installOffer(situation)).toBe('none');
    expect(installOffer({ ...situation, promptReady: true })).toBe('button');
    expect(installOffer({ ...situation, iosSafari: true })).toBe('ios-hint');
    expect(installOffer({ ...situation, iosSafari: true, hintDismissed: true })).toBe('none');
    expect(installOffer({ ...situation, promptReady: true, installed: true })).toBe('none');
    expect(installOffer({ ...situation, iosSafari: true, installed: true })).toBe('none');
  });

  it('tells iOS Safari (iPad too) from other iOS browsers, in-app browsers and Android', () => {
    expect(isIosSafari(IPHONE_SAFARI, 5)).toBe(true);
    expect(isIosSafari(IPAD_AS_MAC, 5)).toBe(true);
    expect(isIosSafari(IPAD_AS_MAC, 0)).toBe(false);
    for (const ua of [IPHONE_CHROME, IPHONE_FIREFOX, IPHONE_INSTAGRAM, ANDROID_CHROME]) expect(isIosSafari(ua, 5), ua).toBe(false);
  });

  it('counts the app as installed by the display mode or by iOS’s own flag', () => {
    expect(runsInstalled(true, undefined)).toBe(true);
    expect(runsInstalled(false, true)).toBe(true);
    expect(runsInstalled(false, false)).toBe(false);
    expect(runsInstalled(false, 'yes')).toBe(false);
  });

  it('asks for durable storage only where no prompt shows', () => {
    expect(mayAskPersistence({ installed: false, permission: 'prompt', decidesWithoutPrompt: false })).toBe(false);
    expect(mayAskPersistence({ installed: false, permission: 'unknown', decidesWithoutPrompt: false })).toBe(false);
    expect(mayAskPersistence({ installed: false, permission: 'granted', decidesWithoutPrompt: false })).toBe(true);
    expect(mayAskPersistence({ installed: false, permission: 'prompt', decidesWithoutPrompt: true })).toBe(true);
    expect(mayAskPersistence({ installed: true, permission: 'prompt', decidesWithoutPrompt: false })).toBe(true);
  });
});

/** Chromium's event, as the browser fires it once the app is installable. */
function offerInstall() {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(() => Promise.resolve()),
    userChoice: Promise.resolve({ outcome: 'accepted' as const }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

let stopWatching: () => void = () => undefined;
beforeEach(() => {
  stopWatching = watchInstallOffers(window);
});
afterEach(() => {
  act(() => stopWatching());
});

describe('the install offer on the page', () => {
  it('keeps the browser’s prompt for the button and opens it once', async () => {
    const { result } = renderHook(() => useInstallOffer());
    expect(result.current).toBe('none');
    const event = offerInstall();
    expect(event.defaultPrevented).toBe(true);
    expect(result.current).toBe('button');
    await act(() => promptInstall());
    expect(event.prompt).toHaveBeenCalledTimes(1);
    expect(result.current).toBe('none');
    await act(() => promptInstall());
    expect(event.prompt).toHaveBeenCalledTimes(1);
  });

  it('offers nothing more once the app was installed', () => {
    const { result } = renderHook(() => useInstallOffer());
    offerInstall();
    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    expect(result.current).toBe('none');
  });

  it('shows the iOS hint on iOS Safari until Entendido, for good', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE_SAFARI);
    const { result, unmount } = renderHook(() => useInstallOffer());
    expect(result.current).toBe('ios-hint');
    act(() => dismissInstallHint());
    expect(result.current).toBe('none');
    expect(localStorage.getItem(INSTALL_HINT_KEY)).toBe('1');
    unmount();
    expect(renderHook(() => useInstallOffer()).result.current).toBe('none');
  });

  it('offers nothing when the app runs installed on iOS', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE_SAFARI);
    Object.defineProperty(navigator, 'standalone', { value: true, configurable: true });
    try {
      expect(renderHook(() => useInstallOffer()).result.current).toBe('none');
    } finally {
      Reflect.deleteProperty(navigator, 'standalone');
    }
  });
});
