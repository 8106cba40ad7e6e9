/**
 * Postgres cannot read the functions' secrets, yet the guest's phone learns
 * from Postgres whether its party takes Mercado Pago. A function that knows
 * whether the deployment has it says so there once per instance: as it starts
 * (tried again with backoff while the database cannot be reached yet, as when
 * `npm start` starts the functions before the address they reach it by), and
 * at a request while no say has been taken. Never awaited by a request.
 */
import type { Database } from './database.ts';

/** Waits between tries after a failed say; past the last, the next request tries again. */
export const SAY_AGAIN_MS = [250, 500, 1000, 2000, 4000, 8000, 16000, 30000] as const;

export function deploymentWaysSayer(database: Database | null, mercadoPago: boolean, log: (line: string) => void): () => void {
  let said: Promise<boolean> | undefined;
  let failures = 0;
  const say = (): void => {
    if (!database || said) return;
    said = database('say_deployment_ways', { p_mercadopago: mercadoPago }).then((answer) => {
      if (answer.ok) return true;
      said = undefined;
      const wait = SAY_AGAIN_MS[failures];
      failures += 1;
      if (wait === undefined) log(`deployment's ways not said: ${answer.reason}`);
      else setTimeout(say, wait);
      return false;
    });
  };
  return say;
}
