import { performance } from 'node:perf_hooks';
import type { Dialect } from 'kysely';

/**
 * A dialect whose driver reports how long each query or transaction waited for its connection:
 * on SQLite the one connection a transaction holds (kysely queues the rest), on PostgreSQL a
 * connection of the pool. The wait is what a busy database costs a request.
 */
export function timedDialect({
  dialect,
  waited,
}: {
  dialect: Dialect;
  waited: (seconds: number) => void;
}): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver: () => {
      const driver = dialect.createDriver();
      const acquire = driver.acquireConnection.bind(driver);
      driver.acquireConnection = async () => {
        const started = performance.now();
        const connection = await acquire();
        waited((performance.now() - started) / 1000);
        return connection;
      };
      return driver;
    },
  };
}
