import type { AppInfo } from '../../sync/api/system.api.ts';
import type { RequestContext } from '../http/context.ts';
import { readPublicSettings } from '../settings/settings.repository.ts';

/** The app settings anyone may read (spec §7 getAppInfo). */
export function appInfo({ ctx }: { ctx: Pick<RequestContext, 'db'> }): Promise<AppInfo> {
  return readPublicSettings({ db: ctx.db });
}
