import { createTestApp, insertSession, insertUser } from './server/testing/fixtures.ts';
import { insertSite, mutation, pushAs } from './server/testing/sync-fixtures.ts';

const t = await createTestApp();
const u = await insertUser(t);
const token = await insertSession(t, { userIdx: u });
const sites: number[] = [];
for (let i = 0; i < 200; i++) sites.push(await insertSite(t, { userIdx: u }));
let seq = 0;
for (let round = 0; round < 3; round++) {
  const muts = [];
  for (let i = 0; i < 500; i++) {
    seq++;
    muts.push(
      i % 2
        ? mutation(seq, 'setLikeSite', { site_idx: sites[i % 200]!, like_status: i % 4 ? 'Y' : 'N' })
        : mutation(seq, 'addSiteMemo', { site_idx: sites[i % 200]!, memo: `m ${i}` }),
    );
  }
  const t0 = performance.now();
  const res = await pushAs(t, { token, clientId: 'client-perf-01', mutations: muts });
  console.log(res.code, 'ms per mutation', ((performance.now() - t0) / 500).toFixed(3));
}
