import type { AppInfo } from '../../sync/api/system.api.ts';
import type { RequestContext } from '../http/context.ts';
import { readPublicSettings } from '../settings/settings.repository.ts';
import { APP_VERSION } from '../version.ts';
import { pingDatabase } from './system.repository.ts';

/** The health check: the database answers, and which version runs. */
export async function health({ ctx }: { ctx: Pick<RequestContext, 'db'> }) {
  await pingDatabase({ db: ctx.db });
  return { db: 'ok' as const, version: APP_VERSION };
}

/** The app settings anyone may read (spec §7 getAppInfo). */
export function appInfo({ ctx }: { ctx: Pick<RequestContext, 'db'> }): Promise<AppInfo> {
  return readPublicSettings({ db: ctx.db });
}
