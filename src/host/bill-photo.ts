/**
 * A photo of the bar's bill to the draft in the host's table (issue 41). The
 * phone reads it at once (src/receipts/: no signal needed once 'Cuenta del bar'
 * loaded the engine); with signal the `host` function's vision model reads it
 * too, and its reading wins when it comes, checked by the phone's own rules.
 * No model (the deployment has no key), no signal, or a model that fails or
 * is slow: the phone's reading. Loaded with the bill's section.
 */
import { draftFromModel, RECEIPT_LINE_KINDS, type ModelLine, type ModelReading } from '../../supabase/functions/_shared/receipt-model.ts';
import type { ListedProduct, ReceiptDraft } from '../../supabase/functions/_shared/receipt-check.ts';
import { PHOTO_ERRORS } from '../../supabase/functions/_shared/host-errors.ts';
import type { HostAction } from '../../supabase/functions/_shared/host-request.ts';
import { useCallback, useState } from 'react';
import { photoForModel, readOnPhone, startEngine } from '../receipts/index.ts';
import type { HostAnswer } from './api.ts';
import { useHostSession } from './hooks.ts';

export type PhotoReader = 'phone' | 'model';

export interface PhotoReading {
  readonly draft: ReceiptDraft;
  readonly by: PhotoReader;
}

export interface ReadPhotoOptions {
  readonly list: readonly ListedProduct[];
  readonly ask: (action: HostAction) => Promise<HostAnswer>;
  /** The phone's progress, 0 to 1. */
  readonly onProgress: (share: number) => void;
  /** Whether the phone believes it has signal (navigator.onLine: a hint, and the model is only worth asking with one). */
  readonly online: boolean;
}

/** Once the phone has its draft, how long the model's may still take to replace it. */
const MODEL_GRACE_MS = 6_000;

/** The function said it has no model: for the rest of the page's life the phone reads alone. */
let noModel = false;

/** Loads the phone's engine (with signal, the first time): 'Cuenta del bar' calls it as it opens, so a photo in the basement is read. */
export function prepareReading(): void {
  // A browser without workers (none the host uses) reads no photo; the rest of the section is the same.
  if (typeof Worker === 'undefined') return;
  void startEngine().catch(() => undefined);
}

const isObject = (value: unknown): value is Readonly<Record<string, unknown>> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isWhole = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

function parseModelLine(value: unknown): ModelLine | null {
  if (!isObject(value) || typeof value.name !== 'string') return null;
  const kind = RECEIPT_LINE_KINDS.find((known) => known === value.kind);
  const { quantity, unit_price, line_total } = value;
  if (!kind || !isWhole(quantity) || !isWhole(unit_price) || !isWhole(line_total)) return null;
  return { kind, name: value.name, quantity, unit_price, line_total };
}

/** The function's answer, checked on arrival; null for anything else. */
export function parseModelReading(value: unknown): ModelReading | null {
  if (!isObject(value) || !Array.isArray(value.lines)) return null;
  const lines: ModelLine[] = [];
  for (const entry of value.lines as unknown[]) {
    const line = parseModelLine(entry);
    if (!line) return null;
    lines.push(line);
  }
  return { lines };
}

async function byModel(photo: Blob, options: ReadPhotoOptions): Promise<ReceiptDraft | null> {
  if (!options.online || noModel) return null;
  const image = await photoForModel(photo).catch(() => null);
  if (image === null) return null;
  const answer = await options.ask({ action: 'read_bill_photo', image });
  if (answer.kind === 'refused' && answer.error === PHOTO_ERRORS.noModel) noModel = true;
  const reading = answer.kind === 'ok' ? parseModelReading(answer.json) : null;
  return reading ? draftFromModel(reading, options.list) : null;
}

/** The draft of the photo: the model's when it answers in time, else the phone's; throws only when neither could read it. */
export async function readBillPhoto(photo: Blob, options: ReadPhotoOptions): Promise<PhotoReading> {
  const phone = readOnPhone(photo, options.list, options.onProgress);
  // Neither may go unheard: the other's answer may be the one used.
  phone.catch(() => undefined);
  const model = byModel(photo, options).catch(() => null);
  const phoneDone = phone.then(
    () => new Promise<null>((resolve) => setTimeout(() => resolve(null), MODEL_GRACE_MS)),
    () => model,
  );
  const fromModel = await Promise.race([model, phoneDone]);
  if (fromModel) return { draft: fromModel, by: 'model' };
  return { draft: await phone, by: 'phone' };
}

/** Reading photos on the party's page: `progress` is the phone's share read (0 to 1) while a photo is read, else null. */
export function useBillPhoto(list: readonly ListedProduct[]): { readonly read: (photo: Blob) => Promise<PhotoReading>; readonly progress: number | null } {
  const { places } = useHostSession();
  const [progress, setProgress] = useState<number | null>(null);
  const read = useCallback(
    async (photo: Blob) => {
      setProgress(0);
      try {
        return await readBillPhoto(photo, { list, ask: places.ask, onProgress: setProgress, online: navigator.onLine });
      } finally {
        setProgress(null);
      }
    },
    [list, places],
  );
  return { read, progress };
}
