/** The one quiet status line: what the guest needs to know about their tab reaching the bar. */

export interface SyncSnapshot {
  /** Entries waiting in the outbox. */
  readonly pending: number;
  readonly oldestQueuedAt?: number | undefined;
  /** Orders the server refused for good. */
  readonly rejectedOrders: number;
  /** Other refused changes (the guest, a reset). */
  readonly rejectedOther: number;
  /** Of those refused, how many 'Reintentar' would send again (the rest were refused for a reason that still holds); undefined: all. */
  readonly retriable?: number | undefined;
  readonly configError?: string | undefined;
  readonly online: boolean;
  readonly now: number;
}

export type SyncTone = 'ok' | 'pending' | 'offline' | 'problem';

export interface SyncLine {
  readonly tone: SyncTone;
  readonly text: string;
  /** The server refused changes that are kept parked: offer 'Reintentar'. */
  readonly canRetry?: boolean;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "hace 3 min": how long the oldest change has waited. */
function waitedFor(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'hace un momento';
  if (minutes < 60) return `hace ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return `hace ${plural(hours, 'hora', 'horas')}`;
}

export function describeSync(snapshot: SyncSnapshot): SyncLine {
  const { pending } = snapshot;
  if (snapshot.configError) {
    return { tone: 'problem', text: 'El servidor del bar está mal configurado. Tus pedidos siguen guardados en este teléfono.' };
  }
  if (!snapshot.online) {
    return pending > 0
      ? {
          tone: 'offline',
          text: `Sin señal: ${plural(pending, 'cambio pendiente', 'cambios pendientes')}, ${pending === 1 ? 'guardado' : 'guardados'} en este teléfono.`,
        }
      : { tone: 'offline', text: 'Sin señal: todo está guardado en este teléfono.' };
  }
  if (pending > 0) {
    const age = snapshot.oldestQueuedAt === undefined ? '' : ` (el más antiguo, ${waitedFor(snapshot.now - snapshot.oldestQueuedAt)})`;
    return { tone: 'pending', text: `Enviando ${plural(pending, 'cambio pendiente', 'cambios pendientes')}${age}.` };
  }
  // 'Reintentar' only where it could help: a claim another person took, or a tap after the close, stays refused.
  const canRetry = snapshot.retriable === undefined || snapshot.retriable > 0;
  if (snapshot.rejectedOrders > 0) {
    return {
      tone: 'problem',
      text: `${plural(snapshot.rejectedOrders, 'pedido no aceptado', 'pedidos no aceptados')} por el servidor; sigue${snapshot.rejectedOrders === 1 ? '' : 'n'} en este teléfono.`,
      canRetry,
    };
  }
  if (snapshot.rejectedOther > 0) {
    return { tone: 'problem', text: 'El servidor no aceptó un cambio; tu cuenta sigue en este teléfono.', canRetry };
  }
  return { tone: 'ok', text: 'Todo sincronizado con el bar.' };
}
