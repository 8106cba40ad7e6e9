/**
 * Postgres cannot read the functions' secrets, yet the guest's phone learns
 * from Postgres whether its party takes Mercado Pago. A function that knows
 * whether the deployment has it says so there once per instance: as it starts,
 * and again at a request while no say has been taken (never awaited by it).
 * A say that fails is tried again on its own too, with backoff: `npm start`
 * starts the functions before the origin they reach Postgres through, and a
 * guest reads the party's ways before anyone asks a function anything.
 */
import type { Database } from './database.ts';

const FIRST_RETRY_MS = 250;
const LAST_RETRY_MS = 5000;

export function deploymentWaysSayer(database: Database | null, mercadoPago: boolean, log: (line: string) => void, firstRetryMs = FIRST_RETRY_MS): () => void {
  let said: Promise<boolean> | undefined;
  let retryMs = firstRetryMs;
  let retrying = false;
  const say = () => {
    if (!database) return;
    said ??= database('say_deployment_ways', { p_mercadopago: mercadoPago }).then((answer) => {
      if (answer.ok) return true;
      log(`deployment's ways not said: ${answer.reason}`);
      said = undefined;
      if (!retrying) {
        retrying = true;
        setTimeout(() => {
          retrying = false;
          say();
        }, retryMs);
        retryMs = Math.min(retryMs * 2, LAST_RETRY_MS);
      }
      return false;
    });
  };
  return say;
}
