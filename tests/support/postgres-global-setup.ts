import type { TestProject } from 'vitest/node';
import { migrateToLatest } from '../../server/db/database.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { startPostgresCluster } from './postgres-cluster.ts';

/** The migrated database every test database is copied from. */
export const POSTGRES_TEMPLATE = 'bunyang_template';

/**
 * Vitest global setup of the `postgres` project (vitest.config.ts): one throwaway cluster for
 * the run, with a template database that ran the PostgreSQL migrations, from which each test
 * copies its own (tests/support/postgres-database.ts). The template's default collation is ICU
 * en-US, as a managed PostgreSQL's usually is (en_US.UTF-8): a comparison that forgets
 * COLLATE "C" sorts differently there than on SQLite, and the tests see it.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cluster = await startPostgresCluster();
  try {
    const url = await cluster.createDatabase({ name: POSTGRES_TEMPLATE, icuLocale: 'en-US' });
    const handle = openPostgres({ url });
    try {
      await migrateToLatest(handle.db);
    } finally {
      await handle.close();
    }
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  project.provide('postgres', { host: cluster.host, port: cluster.port });
  return () => cluster.stop();
}
