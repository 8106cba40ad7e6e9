import { useDeferredValue, useId, useMemo, useState, type ChangeEvent } from 'react';
import { describeProblem, formatPesos, importEffect, MENU_MESSAGES, parseMenuText, type ImportLine, type MenuItem, type MenuState } from '../../host/index.ts';
import { LinesField } from './LinesField.tsx';
import { readPickedFile } from './read-text.ts';

/** The box for the lines: its label, its field's name, its height and an example. */
const MENU_LINES = { label: 'Líneas de la carta', name: 'menu_lines', rows: 6, placeholder: 'Pichanga de la casa;12990;Fondos\nMojito;$6.490;Cócteles' };

const plural = (count: number, one: string, many: string) => (count === 1 ? `1 ${one}` : `${count} ${many}`);

/**
 * 'Importar una carta': lines 'Nombre;Precio;Categoría' pasted or from a CSV,
 * a preview of every line with its problem (the server's own rules,
 * menu-import.ts), then one button that saves them all or nothing. A line
 * naming a product already on the list changes it; any other is added.
 */
export function MenuImport({ state, items }: { readonly state: MenuState; readonly items: readonly MenuItem[] }) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ readonly text: string; readonly error: boolean } | null>(null);
  const ids = { file: useId(), preview: useId() };
  // A list of hundreds of lines: the preview follows the typing a moment later.
  const typed = useDeferredValue(text);
  const lines = useMemo(() => parseMenuText(typed), [typed]);
  const products = lines.flatMap((line) => (line.result.ok ? [line.result.value] : []));
  const problems = lines.length - products.length;
  const ready = lines.length > 0 && problems === 0 && typed === text;

  const readFile = (event: ChangeEvent<HTMLInputElement>) =>
    readPickedFile(event, 'una carta', setText, (problem) => setMessage(problem === null ? null : { text: problem, error: true }));

  async function save() {
    if (!ready || busy) return;
    const effect = importEffect(
      items,
      products.map((product) => product.name),
    );
    setBusy(true);
    setMessage(null);
    const outcome = await state.edit({ action: 'import_menu', lines: products });
    setBusy(false);
    // Not known: the lines stay, and the page says only what it knows.
    if (outcome.kind === 'unknown') {
      setMessage({ text: outcome.reason, error: true });
      return;
    }
    if (outcome.kind === 'not-saved') {
      setMessage({ text: `No se guardó nada. ${outcome.reason}`, error: true });
      return;
    }
    // The answer was lost and the list read again has every line: saved, though what it added was not heard.
    const said = `Carta guardada: ${plural(effect.added, 'producto nuevo', 'productos nuevos')}, ${plural(effect.changed, 'cambiado', 'cambiados')}.`;
    setMessage({ text: outcome.checked ? MENU_MESSAGES.importThere : said, error: false });
    setText('');
  }

  return (
    <section className="host-menu-form" aria-label="Importar una carta">
      <LinesField {...MENU_LINES} text={text} onText={setText}>
        Una línea por producto: Nombre;Precio;Categoría. Un producto que ya está en la carta toma el precio y la categoría de su línea; los demás se agregan. Se
        guarda todo o nada.
      </LinesField>
      {/* The browser's own file button speaks the browser's language; this one is the page's, in Spanish. */}
      <input id={ids.file} className="host-import-file" type="file" accept=".csv,.txt,text/csv,text/plain" onChange={(event) => void readFile(event)} />
      <label className="button button-secondary host-import-pick" htmlFor={ids.file}>
        O sube un archivo CSV
      </label>
      {lines.length > 0 && (
        <div className="host-import-preview" role="region" aria-labelledby={ids.preview}>
          <p className="host-label" id={ids.preview}>
            Vista previa: {plural(products.length, 'producto listo', 'productos listos')}
            {problems > 0 && `, ${plural(problems, 'línea con problema', 'líneas con problemas')}`}
          </p>
          <ol className="host-import-lines">
            {lines.map((line) => (
              <PreviewLine key={line.line} line={line} />
            ))}
          </ol>
          {problems > 0 && <p className="host-error">Corrige las líneas con problemas: no se guarda nada hasta entonces.</p>}
        </div>
      )}
      <div aria-live="polite">{message && <p className={message.error ? 'host-error' : 'host-ok'}>{message.text}</p>}</div>
      <button type="button" className="button button-primary" disabled={!ready} aria-busy={busy} onClick={() => void save()}>
        Guardar la carta importada
      </button>
    </section>
  );
}

function PreviewLine({ line }: { readonly line: ImportLine }) {
  const { result } = line;
  if (!result.ok) {
    return (
      <li className="host-import-line" data-problem="true">
        {describeProblem({ line: line.line, problem: result.problem })}
      </li>
    );
  }
  return (
    <li className="host-import-line">
      Línea {line.line}: {result.value.name} · {result.value.category} · <span className="price">{formatPesos(result.value.price)}</span>
    </li>
  );
}
