/**
 * Local runs only, preloaded by scripts/lib/comment-function.ts: the function
 * exits when its stdin (a pipe from the Node process that started it) closes,
 * so it never outlives that process, however it ended.
 */

async function exitWhenStdinCloses(): Promise<void> {
  const buffer = new Uint8Array(256);
  while ((await Deno.stdin.read(buffer)) !== null) {
    // Whatever arrives is ignored; only the end matters.
  }
  Deno.exit(0);
}

// A preloaded module runs to idle before the entry starts: wait until the entry has loaded.
globalThis.addEventListener('load', () => void exitWhenStdinCloses());
