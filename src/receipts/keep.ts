/**
 * The OCR engine kept for the basement (issue 41): once 'Cuenta del bar' has
 * loaded it with signal, the page copies each of its files from the HTTP cache
 * (where loading it left them; the network only for one it has not) into a
 * cache of its own, which the app's worker answers from with no signal
 * (src/sw/shell.ts). On no list of the app's files: a guest never downloads
 * a byte of it. Another build's engine goes when this one's is kept.
 */
import { ENGINE_CACHE } from '../pwa/engine-cache.ts';

export async function keepEngine(urls: readonly string[], folder: string): Promise<void> {
  if (typeof caches === 'undefined') return;
  const cache = await caches.open(ENGINE_CACHE);
  const earlier = (await cache.keys()).filter((request) => !new URL(request.url).pathname.startsWith(folder));
  await Promise.all(earlier.map((request) => cache.delete(request)));
  for (const url of urls) {
    if (await cache.match(url)) continue;
    const response = await fetch(url, { cache: 'force-cache' });
    if (response.ok) await cache.put(url, response);
  }
}
