import type { FastifyInstance } from 'fastify';

/**
 * A test that writes permissions, accounts or option values straight into the database does what a DBA
 * would: the server's caches learn of it as from the admin's "Önbelleği temizle" (every cache of every
 * node emptied), not from the write itself.
 */
export async function forgetCaches(app: FastifyInstance): Promise<void> {
  await app.crmInvalidation.publish({ kind: 'all' });
}
