import { staffWithDefaultPassword } from './areas/cart/presales';
import { configRefusals, type ApiConfig } from './config';
import { type Database } from './db/database';

/**
 * Everything that keeps this API from starting (empty: it may start). In production mode
 * (STORE_MODE=production): any simulated provider still on, any unknown provider, and any
 * default credential left in the database (a sales person with the documented seed password).
 * main.ts prints each reason and exits with status 78 (EX_CONFIG: starting again will not help).
 */
export async function startupRefusals(
  config: ApiConfig,
  db: Pick<Database, 'query'>,
  env: Record<string, string | undefined> = process.env,
): Promise<string[]> {
  const reasons = configRefusals(config, env);
  if (config.mode === 'production') {
    for (const salesmanId of await staffWithDefaultPassword(db)) {
      reasons.push(
        `Sales person ${salesmanId} still has the default password from the local seed: set a new one (presales_staff.password_hash) or remove the account.`,
      );
    }
  }
  return reasons;
}

export function refusalMessage(config: ApiConfig, reasons: readonly string[]): string {
  return [`The API refuses to start in ${config.mode} mode (STORE_MODE):`, ...reasons.map((reason) => `  - ${reason}`)].join('\n');
}
