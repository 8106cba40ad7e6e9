/**
 * Postgres cannot read the functions' secrets, yet the guest's phone learns
 * from Postgres whether its party takes Mercado Pago. A function that knows
 * whether the deployment has it says so there once per instance: as it starts,
 * and again at a request while no say has been taken (never awaited by it).
 */
import type { Database } from './database.ts';

export function deploymentWaysSayer(database: Database | null, mercadoPago: boolean, log: (line: string) => void): () => void {
  let said: Promise<boolean> | undefined;
  return () => {
    if (!database) return;
    said ??= database('say_deployment_ways', { p_mercadopago: mercadoPago }).then((answer) => {
      if (answer.ok) return true;
      log(`deployment's ways not said: ${answer.reason}`);
      said = undefined;
      return false;
    });
  };
}
