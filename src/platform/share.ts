/**
 * Handing a link on: the phone's own share sheet (the Web Share API) where it
 * has one, else the clipboard. Small on purpose: the guest's tab loads it too.
 */

/** Copies text; false where the browser refuses (no permission, an insecure page, an old browser). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** The text to the clipboard; where the phone lets no page write it, what shows it selected for the person to copy by hand. */
export async function copyOrSelect(text: string, shown: Node | null): Promise<'copied' | 'selected'> {
  if (await copyText(text)) return 'copied';
  if (shown) window.getSelection()?.selectAllChildren(shown);
  return 'selected';
}

export type ShareResult = 'shared' | 'copied' | 'cancelled' | 'failed';

/** The share sheet with the link; where there is none (most desktops), the link copied. */
export async function shareLink(share: { readonly title: string; readonly text: string; readonly url: string }): Promise<ShareResult> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share(share);
      return 'shared';
    } catch (error) {
      // The guest closed the sheet: nothing to say. Any other refusal falls back to the copy.
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    }
  }
  return (await copyText(share.url)) ? 'copied' : 'failed';
}
