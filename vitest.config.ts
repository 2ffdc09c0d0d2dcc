import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { postgresTestFiles } from './tests/support/postgres-coverage.ts';
import { reactWithLingui } from './vite.config.ts';

/** Tests that need a PostgreSQL server; they run in the `postgres` project, which starts one. */
const POSTGRES_TESTS = '**/*.postgres.test.ts';

export default defineConfig({
  plugins: reactWithLingui(),
  test: {
    environment: 'node',
    setupFiles: ['fake-indexeddb/auto'],
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: one on a 2-core CI machine. The
    // PostgreSQL projects spend much of their time waiting on the database server, so two workers
    // keep both cores busy (the whole run: 15 minutes with one, measured on this machine's kind).
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'sqlite',
          include: [
            'server/**/*.test.ts',
            'sync/**/*.test.ts',
            'src/**/*.test.{ts,tsx}',
            'tests/unit/**/*.test.ts',
            'tests/integration/**/*.test.ts',
            'migrations/**/*.test.ts',
          ],
          exclude: [...configDefaults.exclude, POSTGRES_TESTS],
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: [POSTGRES_TESTS],
          // One throwaway cluster per run, started only when a test of this project runs
          // (tests/support/postgres-global-setup.ts); each test file makes its databases from a
          // migrated template (tests/support/postgres-database.ts).
          globalSetup: ['tests/support/postgres-global-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server-postgres',
          // The server, sync and integration tests that open a database, run again on PostgreSQL
          // (createTestApp opens a fresh database from the template); the ones not ported yet are
          // named in tests/support/postgres-coverage.ts.
          include: postgresTestFiles(fileURLToPath(new URL('.', import.meta.url))),
          env: { TEST_DATABASE: 'postgres' },
          globalSetup: ['tests/support/postgres-global-setup.ts'],
        },
      },
    ],
  },
});
