// A throwaway PostgreSQL for trying the server on it by hand or pointing a benchmark at it:
//   node --import tsx scripts/postgres-cluster.ts [database name, default bunyang]
// prints DATABASE_URL for an empty database, keeps the cluster until Ctrl-C, then removes it
// (tests/support/postgres-cluster.ts; a killed run is cleaned up by its watchdog).
import { startPostgresCluster } from '../tests/support/postgres-cluster.ts';

const name = process.argv[2] ?? 'bunyang';
const cluster = await startPostgresCluster();
const url = await cluster.createDatabase({ name });
console.log(`PostgreSQL ${cluster.version} in ${cluster.dir}, until Ctrl-C`);
console.log(`DATABASE_URL=${url}`);

const keepAlive = setInterval(() => {}, 1 << 30);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    clearInterval(keepAlive);
    void cluster.stop().then(() => process.exit(0));
  });
}
