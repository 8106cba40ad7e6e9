import { useDeferredValue, useId, useMemo, useState, type ChangeEvent, type SyntheticEvent } from 'react';
import { checkBillTotal, NOT_ON_LIST, previewBill, type BillPreviewLine, type BillState } from '../../host/bill-section.ts';
import { describeProblem, formatPesos } from '../../host/index.ts';
import { readText } from './read-text.ts';

/** A bar's bill as a CSV is a few KB; anything far larger is not one. */
const MAX_FILE_BYTES = 512 * 1024;

interface BillFormProps {
  readonly state: BillState;
  /** The party's list, to match each line by name whatever its capitals and accents. */
  readonly list: readonly { readonly name: string }[];
}

/**
 * The bar's bill as the host has it: lines 'Producto;Cantidad;Precio' pasted
 * or from a CSV, previewed line by line by the server's own rules (each matched
 * to the party's list or 'No está en la carta'), saved all or nothing; or only
 * its total. A later save replaces the bill.
 */
export function BillForm({ state, list }: BillFormProps) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ readonly text: string; readonly error: boolean } | null>(null);
  const ids = { title: useId(), text: useId(), file: useId(), hint: useId(), preview: useId() };
  // A bill of hundreds of lines: the preview follows the typing a moment later.
  const typed = useDeferredValue(text);
  const preview = useMemo(() => previewBill(typed, list), [typed, list]);
  const problems = preview.lines.filter((line) => !line.ok).length;
  const ready = preview.ready !== null && typed === text;

  async function readFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) {
      setMessage({ text: 'El archivo es demasiado grande para una cuenta del bar (máximo 512 KB).', error: true });
      return;
    }
    setMessage(null);
    try {
      setText(await readText(file));
    } catch {
      setMessage({ text: 'No se pudo leer el archivo.', error: true });
    }
  }

  async function save() {
    if (!preview.ready || !ready || busy) return;
    const count = preview.ready.length;
    setBusy(true);
    setMessage(null);
    const problem = await state.change({ action: 'save_bill', lines: preview.ready });
    setBusy(false);
    if (problem !== null) {
      setMessage({ text: problem, error: true });
      return;
    }
    setMessage({ text: `Cuenta del bar guardada: ${count === 1 ? '1 línea' : `${count} líneas`}.`, error: false });
    setText('');
  }

  return (
    <section className="host-menu-form" aria-labelledby={ids.title}>
      <h3 className="host-menu-subtitle" id={ids.title}>
        La cuenta que entregó el bar
      </h3>
      <p className="note" id={ids.hint}>
        Una línea por producto: Producto;Cantidad;Precio, el precio de una unidad en pesos (4400, 4.400 o $4.400). Se guarda todo o nada; guardar otra vez
        reemplaza la cuenta.
      </p>
      <label className="host-label" htmlFor={ids.text}>
        Líneas de la cuenta del bar
      </label>
      <textarea
        id={ids.text}
        className="text-input host-import-text"
        name="bill_lines"
        rows={6}
        spellCheck={false}
        aria-describedby={ids.hint}
        placeholder={'Pisco Sour;3;4.400\nTabla Irish;1;$16.990'}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      {/* The browser's own file button speaks the browser's language; this one is the page's, in Spanish. */}
      <input id={ids.file} className="host-import-file" type="file" accept=".csv,.txt,text/csv,text/plain" onChange={(event) => void readFile(event)} />
      <label className="button button-secondary host-import-pick" htmlFor={ids.file}>
        O sube la cuenta en un archivo CSV
      </label>
      {preview.lines.length > 0 && (
        <div className="host-import-preview" role="region" aria-labelledby={ids.preview}>
          <p className="host-label" id={ids.preview}>
            Vista previa de la cuenta: {preview.lines.length - problems} {preview.lines.length - problems === 1 ? 'línea lista' : 'líneas listas'}
            {problems > 0 && `, ${problems === 1 ? '1 línea con problema' : `${problems} líneas con problemas`}`}
          </p>
          <ol className="host-import-lines">
            {preview.lines.map((line) => (
              <PreviewLine key={line.line} line={line} />
            ))}
          </ol>
          {problems > 0 && <p className="host-error">Corrige las líneas con problemas: no se guarda nada hasta entonces.</p>}
        </div>
      )}
      <div aria-live="polite">{message && <p className={message.error ? 'host-error' : 'host-ok'}>{message.text}</p>}</div>
      <button type="button" className="button button-primary" disabled={!ready} aria-busy={busy} onClick={() => void save()}>
        Guardar la cuenta del bar
      </button>
      <BillTotalForm state={state} />
    </section>
  );
}

function PreviewLine({ line }: { readonly line: BillPreviewLine }) {
  if (!line.ok) {
    return (
      <li className="host-import-line" data-problem="true">
        {describeProblem({ line: line.line, problem: line.problem })}
      </li>
    );
  }
  const { product, quantity, unitPrice } = line.value;
  return (
    <li className="host-import-line" data-off-list={line.menuName === null || undefined}>
      Línea {line.line}: {product} · {quantity} × <span className="price">{formatPesos(unitPrice)}</span> ={' '}
      <span className="price">{formatPesos(quantity * unitPrice)}</span> ·{' '}
      {line.menuName === null ? <strong>{NOT_ON_LIST}</strong> : line.menuName === product ? 'en la carta' : `en la carta como ${line.menuName}`}
    </li>
  );
}

/** A host who has only the bill's total: 'Total de la cuenta del bar', checked by the server's rule first. */
function BillTotalForm({ state }: { readonly state: BillState }) {
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ readonly text: string; readonly error: boolean } | null>(null);
  const ids = { field: useId(), hint: useId() };

  async function save(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const checked = checkBillTotal(typed);
    if (!checked.ok) {
      setMessage({ text: checked.problem, error: true });
      return;
    }
    setBusy(true);
    setMessage(null);
    const problem = await state.change({ action: 'save_bill', total: checked.total });
    setBusy(false);
    setMessage(
      problem === null ? { text: `Total de la cuenta del bar guardado: ${formatPesos(checked.total)}.`, error: false } : { text: problem, error: true },
    );
    if (problem === null) setTyped('');
  }

  return (
    <form className="host-bill-total" onSubmit={(event) => void save(event)}>
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
