/**
 * How index.html loads its early script (src/pwa/early-registration.ts,
 * src/pwa/first-view.ts), said once for the build that writes the tag and the
 * service worker that hands the page out.
 *
 * Over the network (a first visit) it is async: on one bar of signal the
 * browser has two connections open when the page arrives, and a script that
 * blocks the first paint would take one of them from the main bundle, leaving
 * the link idle a round trip later (bench:weak-signal --timeline). The name
 * view as built needs nothing of it to show: only its stylesheet.
 *
 * From the worker (every later visit) it blocks: it then comes from the
 * worker's cache at once, and it must run before the first paint, where it
 * hides the name view as built from a returning guest (a `user` stored).
 */

/** Marks the early script's tag, so the worker finds it and nothing else. */
const MARK = 'data-early';

/** The tag the build writes: async, marked. */
export function earlyScriptTag(src: string): string {
  return `<script async ${MARK} src="${src}"></script>`;
}

/** The page as the worker hands it out: the same, with the early script blocking. */
export function withBlockingEarlyScript(html: string): string {
  return html.replace(`<script async ${MARK} `, `<script ${MARK} `);
}
