import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * What the server counts for Prometheus (`GET /metrics`, server/ops/metrics.routes.ts). One
 * registry per process, as Prometheus scrapes a process. Labels stay few and bounded: an
 * operation is its operationId (never a path with ids in it), a job its name, a status an
 * HTTP status. Recording is a counter increment or a histogram observation (well under a
 * microsecond), so it sits on the hot paths (every request, every pull page) without a cost
 * worth measuring.
 */
export const registry = new Registry();

const seconds = {
  /** Requests: most answer in milliseconds; a pull page of 1,000 sites in tens of them. */
  request: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  job: [0.01, 0.05, 0.25, 1, 5, 15, 60, 300, 600],
  /** Waiting for the one SQLite connection (or a pool connection on PostgreSQL). */
  connection: [0.0001, 0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5],
};

const requests = new Counter({
  name: 'bunyang_http_requests_total',
  help: 'API requests by operation (operationId; "unmatched" for an unknown path) and envelope code',
  labelNames: ['operation', 'code'] as const,
  registers: [registry],
});
const requestSeconds = new Histogram({
  name: 'bunyang_http_request_duration_seconds',
  help: 'Time to answer an API request, by operation',
  labelNames: ['operation'] as const,
  buckets: seconds.request,
  registers: [registry],
});

const pushes = new Counter({
  name: 'bunyang_sync_pushes_total',
  help: 'Sync pushes answered',
  registers: [registry],
});
const pushBytes = new Counter({
  name: 'bunyang_sync_push_bytes_total',
  help: 'Bytes of sync push requests (their declared length)',
  registers: [registry],
});
const pushedMutations = new Counter({
  name: 'bunyang_sync_pushed_mutations_total',
  help: 'Pushed offline operations answered, by outcome (applied, conflict, rejected, duplicate)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});
const rejectedMutations = new Counter({
  name: 'bunyang_sync_rejected_mutations_total',
  help: 'Pushed offline operations refused, by operation name and envelope code',
  labelNames: ['mutation', 'code'] as const,
  registers: [registry],
});
const pulls = new Counter({
  name: 'bunyang_sync_pulls_total',
  help: 'Sync pull pages answered; reset="true" when the cursor came from data the server no longer has',
  labelNames: ['reset'] as const,
  registers: [registry],
});
const pulledRows = new Counter({
  name: 'bunyang_sync_pulled_rows_total',
  help: 'Changes sent in pull pages',
  registers: [registry],
});
const pullBytes = new Counter({
  name: 'bunyang_sync_pull_bytes_total',
  help: 'Bytes of pull pages (the JSON data sent)',
  registers: [registry],
});

const jobRuns = new Counter({
  name: 'bunyang_job_runs_total',
  help: 'Runs of the scheduler jobs, by job and outcome (ok, failed)',
  labelNames: ['job', 'outcome'] as const,
  registers: [registry],
});
const jobSeconds = new Histogram({
  name: 'bunyang_job_duration_seconds',
  help: 'How long a job run took, by job',
  labelNames: ['job'] as const,
  buckets: seconds.job,
  registers: [registry],
});

const pushDeliveries = new Counter({
  name: 'bunyang_push_deliveries_total',
  help: 'Web Push deliveries tried, by outcome (sent, gone, retrying, failed, skipped, quiet) and the push service status (none when not sent)',
  labelNames: ['outcome', 'status'] as const,
  registers: [registry],
});

const publicDataCalls = new Counter({
  name: 'bunyang_public_data_calls_total',
  help: 'Public-data look-ups, by provider (the answer source), service and outcome (fetched, cached, unavailable, key, quota, limited)',
  labelNames: ['provider', 'service', 'outcome'] as const,
  registers: [registry],
});

const connectionWait = new Histogram({
  name: 'bunyang_db_connection_wait_seconds',
  help: 'Time a query or transaction waited for the database connection (SQLite has one; a transaction holds it)',
  buckets: seconds.connection,
  registers: [registry],
});
const busyErrors = new Counter({
  name: 'bunyang_db_busy_errors_total',
  help: 'Database calls that gave up waiting for a lock held by another process (SQLITE_BUSY after busy_timeout)',
  registers: [registry],
});

const lastBackup = new Gauge({
  name: 'bunyang_backup_last_success_timestamp_seconds',
  help: 'When the last checked backup was taken (Unix time); alert when it grows old',
  registers: [registry],
});
const lastBackupBytes = new Gauge({
  name: 'bunyang_backup_last_bytes',
  help: 'Size of the last checked database copy',
  registers: [registry],
});
const backupFailures = new Counter({
  name: 'bunyang_backup_failures_total',
  help: 'Backups that failed (the copy could not be written or did not pass its integrity check)',
  registers: [registry],
});

const readiness = new Gauge({
  name: 'bunyang_ready',
  help: '1 while the server takes requests, 0 while starting or draining',
  registers: [registry],
});

let processMetrics = false;

/** Node's own metrics (CPU, memory, event loop lag, GC, handles), once per process. */
export function collectProcessMetrics(): void {
  if (processMetrics) return;
  processMetrics = true;
  collectDefaultMetrics({ register: registry });
}

/** The one place the rest of the server records into: functions, not the prom-client objects. */
export const metrics = {
  request({ operation, code, seconds }: { operation: string; code: number; seconds: number }): void {
    requests.inc({ operation, code: String(code) });
    requestSeconds.observe({ operation }, seconds);
  },
  push({ bytes, results }: { bytes: number; results: ReadonlyArray<PushedOutcome> }): void {
    pushes.inc();
    if (bytes > 0) pushBytes.inc(bytes);
    for (const r of results) {
      const outcome = r.duplicate ? 'duplicate' : r.status;
      pushedMutations.inc({ outcome });
      if (r.status === 'rejected' && !r.duplicate)
        rejectedMutations.inc({ mutation: r.name, code: String(r.code) });
    }
  },
  pull({ rows, bytes, reset }: { rows: number; bytes: number; reset: boolean }): void {
    pulls.inc({ reset: reset ? 'true' : 'false' });
    if (rows > 0) pulledRows.inc(rows);
    pullBytes.inc(bytes);
  },
  job({ job, outcome, seconds }: { job: string; outcome: 'ok' | 'failed'; seconds: number }): void {
    jobRuns.inc({ job, outcome });
    jobSeconds.observe({ job }, seconds);
  },
  pushDelivery({ outcome, status }: { outcome: string; status: number | null }): void {
    pushDeliveries.inc({ outcome, status: status === null ? 'none' : String(status) });
  },
  publicData({ provider, service, outcome }: { provider: string; service: string; outcome: string }): void {
    publicDataCalls.inc({ provider, service, outcome });
  },
  connectionWait(waited: number): void {
    connectionWait.observe(waited);
  },
  /** Counts the error when it is SQLite's busy refusal; says whether it was. */
  busy(err: unknown): boolean {
    const code = (err as { code?: unknown } | null)?.code;
    const busy = typeof code === 'string' && code.startsWith('SQLITE_BUSY');
    if (busy) busyErrors.inc();
    return busy;
  },
  backup({ ok, at, bytes }: { ok: boolean; at?: Date; bytes?: number }): void {
    if (!ok) {
      backupFailures.inc();
      return;
    }
    if (at) lastBackup.set(at.getTime() / 1000);
    if (bytes !== undefined) lastBackupBytes.set(bytes);
  },
  ready(ready: boolean): void {
    readiness.set(ready ? 1 : 0);
  },
};

/** What the push counts of each answered mutation. */
export interface PushedOutcome {
  name: string;
  status: 'applied' | 'conflict' | 'rejected';
  code: number;
  duplicate?: boolean;
}
