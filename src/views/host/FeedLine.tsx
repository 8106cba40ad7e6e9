import { formatAge, type FeedProblem } from '../../host/index.ts';
import { useClock } from '../../platform/clock.ts';

const PROBLEM_TEXT: Readonly<Record<Exclude<FeedProblem['kind'], 'refused'>, string>> = {
  offline: 'Sin señal: se muestra lo último que llegó.',
  failed: 'No se pudo actualizar; se reintenta solo.',
};

/** How fresh the page is, and why it may be old. */
export function FeedLine({ receivedAt, problem }: { readonly receivedAt: number | null; readonly problem: FeedProblem | null }) {
  const now = useClock(1000);
  return (
    <div className="host-fresh">
      {receivedAt !== null && <p className="host-age">Actualizado {formatAge(now - receivedAt)}</p>}
      <div role="status">{problem && <p className="host-problem">{problem.kind === 'refused' ? problem.error : PROBLEM_TEXT[problem.kind]}</p>}</div>
    </div>
  );
}
