/**
 * The cache the host's page keeps its OCR engine in (src/receipts/keep.ts), which the app's worker answers from (src/sw/shell.ts).
 * A file of its own: the guests' first load imports messages.ts, and their entry must not carry one byte of the host's engine.
 */
export const ENGINE_CACHE = 'bar-tab-ocr';
