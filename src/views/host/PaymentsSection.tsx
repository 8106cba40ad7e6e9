import { useId, useState, type SyntheticEvent } from 'react';
import {
  ACCOUNT_TYPES,
  checkTransferForm,
  EMPTY_TRANSFER_FORM,
  usePaymentWays,
  type PaymentWays,
  type TransferDetails,
  type TransferForm,
  type WaysServer,
  type WaysState,
} from '../../host/payment-ways.ts';
import { env } from '../../config/env.ts';
import { HostField } from './HostField.tsx';
import { submitChecked } from './submit.ts';

interface PaymentsSectionProps {
  /** The section shows: the ways are read again. */
  readonly active: boolean;
  /** The party's own payment page, if it has one: a way too. */
  readonly paymentUrl: string | null;
  /** The party on screen's requests (payment-ways.ts says why they are handed down). */
  readonly server: WaysServer;
}

/**
 * 'Pagos': which ways the party takes, Mercado Pago on or off where the
 * deployment has it, and 'Datos para transferir'. Mounted once first shown,
 * loaded with it; every state shown is the server's answer.
 */
export default function PaymentsSection({ active, paymentUrl, server }: PaymentsSectionProps) {
  const state = usePaymentWays(server, active);
  const titles = { ways: useId(), transfer: useId() };
  const waiting = (
    <p className="note" role="status">
      {statusText(state)}
    </p>
  );
  return (
    <>
      <section className="card" aria-labelledby={titles.ways} aria-busy={state.ways === null && state.status === 'loading'}>
        <h2 className="card-title" id={titles.ways}>
          Formas de pago
        </h2>
        {state.ways ? (
          <>
            <WaysSummary ways={state.ways} paymentUrl={paymentUrl} />
            <MercadoPagoSwitch ways={state.ways} change={state.change} />
          </>
        ) : (
          waiting
        )}
      </section>
      <section className="card" aria-labelledby={titles.transfer} aria-busy={state.ways === null && state.status === 'loading'}>
        <h2 className="card-title" id={titles.transfer}>
          Datos para transferir
        </h2>
        {state.ways ? <TransferDetailsForm saved={state.ways.transfer} change={state.change} /> : waiting}
      </section>
    </>
  );
}

function statusText({ status }: WaysState): string {
  switch (status) {
    case 'loading':
      return 'Cargando las formas de pago…';
    case 'offline':
      return 'Sin señal: las formas de pago aparecen cuando vuelva la conexión.';
    case 'failed':
    case 'ready':
      return 'Las formas de pago aparecen cuando el servidor responda.';
  }
}

/** What 'Pagos' says when the party's guests have no way to pay (issue 42: exact). */
export const NO_WAY_TO_PAY = 'Los invitados aún no tienen cómo pagar.';

/** In one sentence, the ways a guest has to pay this party: the party's own page, else the installation's, counts too. */
function WaysSummary({ ways, paymentUrl }: { readonly ways: PaymentWays; readonly paymentUrl: string | null }) {
  const page = paymentUrl ? 'su página de pago' : env.paymentUrl ? 'la página de pago de esta instalación' : null;
  const taken = [ways.mercadopago && 'Mercado Pago', ways.transfer && 'transferencia', page].filter((way) => typeof way === 'string');
  if (taken.length === 0) {
    return (
      <p className="host-ways-summary host-ways-none" role="status">
        <strong>{NO_WAY_TO_PAY}</strong> Activa Mercado Pago o guarda los datos para transferir; cuando alguien te pague de otra forma, márcalo con
        &apos;Pagó&apos; en su fila.
      </p>
    );
  }
  return <p className="host-ways-summary">{`Esta fiesta recibe pagos con ${listed(taken)}.`}</p>;
}

/** 'a', 'a y b', 'a, b y c'. */
const listed = (items: readonly string[]) => (items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} y ${items.at(-1) ?? ''}`);

function MercadoPagoSwitch({ ways, change }: { readonly ways: PaymentWays; readonly change: WaysState['change'] }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const hint = useId();
  if (!ways.mercadopago_available) {
    return (
      <p className="note host-ways-off">Mercado Pago no está disponible en esta instalación de La Cuenta: los invitados pueden pagarte por transferencia.</p>
    );
  }
  async function turn(on: boolean) {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    setProblem(await change({ action: 'set_mercadopago', on }));
    setBusy(false);
  }
  return (
    <div className="host-ways-mp">
      <label className="host-paid host-switch">
        <input
          type="checkbox"
          className="host-paid-box"
          checked={ways.mercadopago}
          aria-busy={busy}
          aria-describedby={hint}
          onChange={(event) => void turn(event.target.checked)}
        />
        <span>Recibir pagos con Mercado Pago</span>
      </label>
      <p className="note" id={hint}>
        {ways.mercadopago
          ? "Los invitados pagan con 'Ir a pagar' y su pago aparece solo en su fila."
          : "Apagado: los invitados no ven 'Ir a pagar' con Mercado Pago."}
      </p>
      <div aria-live="polite">{problem && <p className="host-error">{problem}</p>}</div>
    </div>
  );
}

const FIELDS: readonly { readonly field: Exclude<keyof TransferForm, 'account_type'>; readonly label: string; readonly input: object }[] = [
  { field: 'holder_name', label: 'Nombre del titular', input: { autoCapitalize: 'words', maxLength: 80 } },
  { field: 'rut', label: 'RUT', input: { placeholder: '12.345.678-5', inputMode: 'text', maxLength: 14 } },
  { field: 'bank', label: 'Banco', input: { maxLength: 60 } },
  { field: 'account_number', label: 'Número de cuenta', input: { inputMode: 'numeric', maxLength: 30 } },
  { field: 'email', label: 'Correo', input: { type: 'email', inputMode: 'email', maxLength: 120 } },
];

/** The account the guests transfer to: checked on the page (the RUT's check digit) before it is sent; removable. Filled with what the server keeps when it mounts. */
function TransferDetailsForm({ saved, change }: { readonly saved: TransferDetails | null; readonly change: WaysState['change'] }) {
  const [form, setForm] = useState<TransferForm>(saved ?? EMPTY_TRANSFER_FORM);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ readonly text: string; readonly error: boolean } | null>(null);
  const typeId = useId();
  const set = (field: keyof TransferForm) => (value: string) => setForm((before) => ({ ...before, [field]: value }));
  // In the order a bank's app asks them: name, RUT, bank, account type, number, email.
  const field = ({ field: name, label, input }: (typeof FIELDS)[number]) => (
    <HostField key={name} label={label} name={name} value={form[name]} onChange={(event) => set(name)(event.target.value)} {...input} />
  );

  async function send(details: TransferDetails | null, done: string) {
    setBusy(true);
    setMessage(null);
    const problem = await change({ action: 'transfer_details', details });
    setBusy(false);
    // Saved: the form shows the details as they were kept (the RUT as '12345678-5'); removed: what was typed stays, to save again.
    if (problem === null && details) setForm(details);
    setMessage(problem === null ? { text: done, error: false } : { text: problem, error: true });
  }

  const refuse = (text: string) => setMessage({ text, error: true });
  const savedWords = 'Datos para transferir guardados: los invitados los ven al pagar.';
  const save = (event: SyntheticEvent<HTMLFormElement>) =>
    submitChecked(event, busy, checkTransferForm(form), refuse, ({ details }) => void send(details, savedWords));

  return (
    <form className="host-transfer-form" noValidate onSubmit={save}>
      <p className="note">{saved ? 'Los invitados ven estos datos para transferirte.' : 'Sin estos datos, esta fiesta no recibe transferencias.'}</p>
      {FIELDS.slice(0, 3).map(field)}
      <label className="host-label" htmlFor={typeId}>
        Tipo de cuenta
      </label>
      <select id={typeId} className="text-input" name="account_type" value={form.account_type} onChange={(event) => set('account_type')(event.target.value)}>
        <option value="">Elige uno</option>
        {ACCOUNT_TYPES.map((type) => (
          <option key={type} value={type}>
            {type}
          </option>
        ))}
      </select>
      {FIELDS.slice(3).map(field)}
      <div aria-live="polite">{message && <p className={message.error ? 'host-error' : 'host-ok'}>{message.text}</p>}</div>
      <div className="host-form-buttons">
        {saved && (
          <button
            type="button"
            className="button button-quiet"
            aria-busy={busy}
            onClick={() => void (busy ? undefined : send(null, 'Se quitaron los datos para transferir: esta fiesta ya no recibe transferencias.'))}
          >
            Quitar datos para transferir
          </button>
        )}
        <button type="submit" className="button button-primary" aria-busy={busy}>
          Guardar datos para transferir
        </button>
      </div>
    </form>
  );
}
