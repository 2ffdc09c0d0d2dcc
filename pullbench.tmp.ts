// Empty-pull and first-page latency in process, to compare before/after instrumentation.
import { createTestApp, insertSession, insertUser } from './server/testing/fixtures.ts';
import { insertSite } from './server/testing/sync-fixtures.ts';
import { PROTOCOL_VERSION } from './sync/protocol.ts';

const t = await createTestApp();
const userIdx = await insertUser(t);
const token = await insertSession(t, { userIdx });
for (let i = 0; i < 1000; i++) await insertSite(t, { userIdx, f_name: `현장 ${i} 래미안 아파트` });
const pull = async (cursor: string | null) => {
  const res = await t.app.request('/api/v1/sync/pull', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-access-token': token, 'x-device-id': 'test-device' },
    body: JSON.stringify({ protocol_version: PROTOCOL_VERSION, client_id: 'bench-client-1', cursor, limit: 1000 }),
  });
  return (await res.json()) as { data: { cursor: string; more: boolean } };
};
const firstTimes: number[] = [];
let cursor: string | null = null;
for (let r = 0; r < 30; r++) {
  const s = performance.now();
  const page = await pull(null);
  firstTimes.push(performance.now() - s);
  cursor = page.data.cursor;
}
let page = await pull(null);
while (page.data.more) page = await pull(page.data.cursor);
cursor = page.data.cursor;
const empty: number[] = [];
for (let i = 0; i < 3000; i++) {
  const s = performance.now();
  await pull(cursor);
  empty.push(performance.now() - s);
}
const q = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * p)]?.toFixed(3);
console.log(JSON.stringify({ first_page_1000_p50_ms: q(firstTimes, 0.5), empty_p50_ms: q(empty, 0.5), empty_p95_ms: q(empty, 0.95) }));
await t.close();
