import { api } from '@tessera/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/routes.ts';
import { VERSION } from '../../version.ts';

export async function healthRoutes(app: FastifyInstance) {
  route(app, api.health, async () => {
    await app.ctx.db.execute(sql`select 1`);
    return {
      status: 'ok' as const,
      version: VERSION,
      database: app.ctx.database.kind,
      storage: app.ctx.storage.stats(),
    };
  });
}
