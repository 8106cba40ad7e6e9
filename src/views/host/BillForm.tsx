import { useEffect, useId, useMemo, useState, type ChangeEvent, type SyntheticEvent } from 'react';
import {
  checkBillTotal,
  draftOfReading,
  draftOfSaved,
  draftOfText,
  EMPTY_DRAFT,
  linesToSave,
  newRow,
  prepareReading,
  totalSentence,
  useBillPhoto,
  type BillDraft,
  type BillState,
  type ListedProduct,
  type PhotoReader,
} from '../../host/bill-section.ts';
import { formatPesos } from '../../host/index.ts';
import { BillRows } from './BillRows.tsx';
import { LinesField } from './LinesField.tsx';
import { readPickedFile } from './read-text.ts';
import { submitChecked } from './submit.ts';

/** The box for the lines: its label, its field's name, its height and an example. */
const BILL_LINES = { label: 'Líneas de la cuenta del bar', name: 'bill_lines', rows: 4, placeholder: 'Pisco Sour;3;4.400\nTabla Irish;1;$16.990' };

interface BillFormProps {
  readonly state: BillState;
  /** The party's list, to meet each line with its product by name and price. */
  readonly list: readonly ListedProduct[];
  /** The section shows: the phone's OCR engine loads, so a photo taken later with no signal is read. */
  readonly active: boolean;
}

const READ_BY: Readonly<Record<PhotoReader, string>> = {
  phone: 'Leída en este teléfono: revisa cada línea con la boleta.',
  model: 'Leída en el servidor: revisa cada línea con la boleta.',
};

/**
 * The bar's bill as the host has it (issue 41): a photo of it ('Foto de la
 * cuenta', read on the phone, or by the server's model with signal), lines
 * pasted or from a CSV ('Líneas de la cuenta del bar', the same parser), or
 * the bill as saved, all in one table of rows to correct; under it, whether
 * the rows add up to what the bill printed. 'Guardar la cuenta del bar' saves
 * the rows, all or nothing; a later save replaces the bill. Or only its total.
 */
export function BillForm({ state, list, active }: BillFormProps) {
  const [draft, setDraft] = useState<BillDraft>(EMPTY_DRAFT);
  // The host's edits (or a reading not yet saved): a read of the party never replaces them.
  const [dirty, setDirty] = useState(false);
  const [shownSave, setShownSave] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [readBy, setReadBy] = useState<PhotoReader | null>(null);
  const [showProblems, setShowProblems] = useState(false);
  const [message, setMessage] = useState<{ readonly text: string; readonly error: boolean } | null>(null);
  const photo = useBillPhoto(list);
  const ids = { title: useId(), photo: useId(), file: useId(), rows: useId() };

  useEffect(() => {
    if (active) prepareReading();
  }, [active]);

  // The bill as saved comes back into the table, unless the host is correcting it.
  const saved = state.bill;
  if (saved && !dirty && saved.savedAt !== shownSave) {
    setShownSave(saved.savedAt);
    setDraft(saved.totalOnly ? EMPTY_DRAFT : draftOfSaved(saved.lines, saved.printedTotal));
  }

  const change = (next: BillDraft) => {
    setDraft(next);
    setDirty(true);
    setMessage(null);
  };

  async function readPhoto(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setMessage(null);
    try {
      const reading = await photo.read(file);
      change(draftOfReading(reading.draft, reading.by));
      setReadBy(reading.by);
      setShowProblems(false);
    } catch {
      setMessage({ text: 'No se pudo leer la foto. Prueba con otra, de frente y con luz, o escribe las líneas.', error: true });
    }
  }

  const readFile = (event: ChangeEvent<HTMLInputElement>) =>
    readPickedFile(event, 'una cuenta del bar', setText, (problem) => setMessage(problem === null ? null : { text: problem, error: true }));

  function takeText() {
    const read = draftOfText(text, list);
    if (read.rows.length === 0) {
      setMessage({ text: 'No se leyó ninguna línea de producto: una por línea, Producto;Cantidad;Precio.', error: true });
      return;
    }
    change(read);
    setReadBy(null);
    setText('');
  }

  async function save() {
    const checked = linesToSave(draft.rows);
    setShowProblems(true);
    if (!checked.ok || busy) return;
    setBusy(true);
    setMessage(null);
    const problem = await state.change({ action: 'save_bill', lines: checked.lines, printedTotal: draft.billTotal });
    setBusy(false);
    if (problem !== null) {
      setMessage({ text: problem, error: true });
      return;
    }
    const count = checked.lines.length;
    setDirty(false);
    setReadBy(null);
    setMessage({ text: `Cuenta del bar guardada: ${count === 1 ? '1 línea' : `${count} líneas`}.`, error: false });
  }

  const showTable = draft.rows.length > 0 || draft.origin !== 'new';
  const toSave = useMemo(() => linesToSave(draft.rows), [draft.rows]);
  const reading = photo.progress !== null;

  return (
    <section className="host-menu-form" aria-labelledby={ids.title}>
      <h3 className="host-menu-subtitle" id={ids.title}>
        La cuenta que entregó el bar
      </h3>
      <input
        id={ids.photo}
        className="host-import-file"
        type="file"
        accept="image/*"
        capture="environment"
        disabled={reading}
        onChange={(event) => void readPhoto(event)}
      />
      <label className="button button-primary host-import-pick" htmlFor={ids.photo}>
        Foto de la cuenta
      </label>
      {reading && (
        <div className="host-bill-reading" role="status">
          <p>Leyendo la cuenta…</p>
          <progress max={1} value={photo.progress} aria-label="Leyendo la cuenta" />
        </div>
      )}
      {showTable && (
        <div className="host-bill-draft" role="group" aria-labelledby={ids.rows}>
          <p className="host-label" id={ids.rows}>
            Líneas de la cuenta
          </p>
          {readBy && <p className="note">{READ_BY[readBy]}</p>}
          <BillRows rows={draft.rows} list={list} showProblems={showProblems} onChange={(rows) => change({ ...draft, rows })} />
          <button type="button" className="button button-secondary" onClick={() => change({ ...draft, rows: [...draft.rows, newRow()] })}>
            Agregar línea
          </button>
          <p className="host-bill-sum" role="status">
            {totalSentence(draft.rows, draft.billTotal)}
          </p>
          {draft.figures.length > 0 && (
            <p className="note">
              En la boleta, aparte de los productos:{' '}
              {draft.figures.map((figure, index) => (
                <span key={`${figure.label}-${index}`}>
                  {index > 0 && ' · '}
                  {figure.label} <span className="price">{formatPesos(figure.amount)}</span>
                </span>
              ))}
            </p>
          )}
          {draft.unread.length > 0 && <p className="note">No se leyeron estas líneas: {draft.unread.join(' · ')}</p>}
        </div>
      )}
      <LinesField {...BILL_LINES} text={text} onText={setText}>
        O pega las líneas, una por producto: Producto;Cantidad;Precio, el precio de una unidad en pesos (4400, 4.400 o $4.400).
      </LinesField>
      <div className="host-form-buttons">
        <button type="button" className="button button-secondary" disabled={text.trim() === ''} onClick={takeText}>
          Llevar a la tabla
        </button>
        {/* The browser's own file button speaks the browser's language; this one is the page's, in Spanish. */}
        <input id={ids.file} className="host-import-file" type="file" accept=".csv,.txt,text/csv,text/plain" onChange={(event) => void readFile(event)} />
        <label className="button button-secondary host-import-pick" htmlFor={ids.file}>
          O sube la cuenta en un archivo CSV
        </label>
      </div>
      <div aria-live="polite">
        {showProblems && !toSave.ok && showTable && <p className="host-error">Corrige las líneas marcadas: no se guarda nada hasta entonces.</p>}
        {message && <p className={message.error ? 'host-error' : 'host-ok'}>{message.text}</p>}
        {dirty && saved && !message && <p className="note">Hay cambios sin guardar.</p>}
      </div>
      <button
        type="button"
        className="button button-primary"
        disabled={busy || reading || draft.rows.length === 0}
        aria-busy={busy}
        onClick={() => void save()}
      >
        Guardar la cuenta del bar
      </button>
      <BillTotalForm state={state} />
    </section>
  );
}

/** A host who has only the bill's total: 'Total de la cuenta del bar', checked by the server's rule first. */
function BillTotalForm({ state }: { readonly state: BillState }) {
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ readonly text: string; readonly error: boolean } | null>(null);
  const ids = { field: useId(), hint: useId() };

  async function saveTotal(total: number) {
    setBusy(true);
    setMessage(null);
    const problem = await state.change({ action: 'save_bill', total });
    setBusy(false);
    setMessage(problem === null ? { text: `Total de la cuenta del bar guardado: ${formatPesos(total)}.`, error: false } : { text: problem, error: true });
    if (problem === null) setTyped('');
  }

  const refuse = (text: string) => setMessage({ text, error: true });
  const save = (event: SyntheticEvent<HTMLFormElement>) => submitChecked(event, busy, checkBillTotal(typed), refuse, ({ total }) => void saveTotal(total));

  return (
    <form className="host-bill-total" onSubmit={save}>
      <label className="host-label" htmlFor={ids.field}>
        Total de la cuenta del bar
      </label>
      <p className="note" id={ids.hint}>
        Si solo tienes el total, escríbelo aquí en vez de las líneas: se compara sin detalle por producto.
      </p>
      <div className="host-bill-total-row">
        <input
          id={ids.field}
          className="text-input"
          name="bill_total"
          inputMode="numeric"
          autoComplete="off"
          aria-describedby={ids.hint}
          placeholder="$250.000"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        <button type="submit" className="button button-secondary" aria-busy={busy}>
          Guardar el total
        </button>
      </div>
      <div aria-live="polite">{message && <p className={message.error ? 'host-error' : 'host-ok'}>{message.text}</p>}</div>
    </form>
  );
}
