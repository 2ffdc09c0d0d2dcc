import type { Db } from '../db/database.ts';
import { defineJob } from '../jobs/job.ts';
import { pruneAnswers } from './public-data.repository.ts';

/** Expired public-data answers are never served; the job drops them so the cache stays small. */
export const publicDataCachePruneJob = defineJob<{ db: Db }>({
  name: 'public_data_cache_prune',
  cadence: { dailyAt: '04:00' },
  run: async ({ db, now }) => ({ removed: await pruneAnswers({ db, now }) }),
});
