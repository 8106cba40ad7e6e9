/** What the page tells a waiting service worker when the guest accepts the update. */
export const SKIP_WAITING_MESSAGE = 'SKIP_WAITING';

/** What the page tells the app's worker, `{ type, urls }`: the files it loaded before the worker was in charge, to keep (keep-loaded.ts). */
export const KEEP_LOADED_MESSAGE = 'KEEP_LOADED';

/** The cache the host's page keeps its OCR engine in (src/receipts/keep.ts), which the app's worker answers from (src/sw/shell.ts). */
export const ENGINE_CACHE = 'bar-tab-ocr';
