import type { ChangeEvent } from 'react';

/** The largest file a host may pick as a list or a bar's bill: far above any real one. */
const MAX_FILE_BYTES = 512 * 1024;

/** A file the host picked, as UTF-8 text (FileReader: every browser the host may use has it): a list to import, a bar's bill. */
export function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(file, 'utf-8');
  });
}

/**
 * The file picked in `event`'s input, read as text into the form (`onText`), or why not (`onProblem`): too large
 * for `what` ('una carta', 'una cuenta del bar'), or unreadable. The input is emptied, so the same file can be
 * picked again.
 */
export async function readPickedFile(
  event: ChangeEvent<HTMLInputElement>,
  what: string,
  onText: (text: string) => void,
  onProblem: (problem: string | null) => void,
): Promise<void> {
  const file = event.target.files?.[0];
  event.target.value = '';
  if (!file) return;
  if (file.size > MAX_FILE_BYTES) {
    onProblem(`El archivo es demasiado grande para ${what} (máximo 512 KB).`);
    return;
  }
  onProblem(null);
  try {
    onText(await readText(file));
  } catch {
    onProblem('No se pudo leer el archivo.');
  }
}
