/**
 * The host key check. Both keys are hashed with SHA-256 first, so the
 * comparison always walks 32 bytes whatever the lengths, and the digests are
 * compared without an early exit: the time taken says nothing about the key.
 */

async function digest(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

export async function isHostKey(given: string, expected: string): Promise<boolean> {
  const [a, b] = await Promise.all([digest(given), digest(expected)]);
  let difference = 0;
  for (let index = 0; index < a.length; index += 1) difference |= (a[index] ?? 0) ^ (b[index] ?? 0);
  return difference === 0 && expected !== '';
}

/** Removes the key from text meant for a log. */
export function withoutKey(text: string, key: string | undefined): string {
  return key ? text.split(key).join('[oculta]') : text;
}
