import { routes } from '@sente/contract';
import type { Database } from '../../db/client.ts';
import { UnavailableError } from '../../domain-error.ts';
import type { RegisterRoute } from '../../http/register-route.ts';

export function registerHealthRoutes(register: RegisterRoute, { database }: { database: Database }): void {
  register(routes.health, async () => {
    try {
      await database.ping();
    } catch {
      throw new UnavailableError('DATABASE_UNAVAILABLE', 'Database unavailable');
    }
    return { status: 'ok' as const };
  });
}
