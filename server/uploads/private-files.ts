import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { type AuthInfo, resolveSession } from '../auth/session.ts';
import type { AppDeps } from '../http/context.ts';
import { accessOf, readSiteHead } from '../sites/site-access.ts';
import { sitesWithInlayFile } from './uploads.repository.ts';

/**
 * Private inlay pictures (a site's f_inlay_image_url with f_inlay_private Y) are files under
 * /uploads like any other, fetched by <img> tags that send no headers. The session reaches
 * them in a cookie the API sets beside every signed-in answer: HttpOnly, same-site, valid for
 * /uploads alone (a session that ended, by logout or otherwise, opens nothing). A file only private sites use as inlay pictures is served to those who may see
 * those pictures (the owner, the site's group, admins: the rule of the detail and the pull);
 * anyone else gets 404, as for a file that does not exist.
 */

export const FILES_COOKIE = 'bt_files';

/** Sets (or refreshes) the cookie that opens /uploads for this session. */
export function keepFilesCookie({ c, token, deps }: { c: Context; token: string; deps: AppDeps }): void {
  if (getCookie(c, FILES_COOKIE) === token) return;
  setCookie(c, FILES_COOKIE, token, {
    path: '/uploads',
    httpOnly: true,
    sameSite: 'Strict',
    secure: deps.config.publicUrl.startsWith('https:'),
    maxAge: deps.config.sessionTtlDays * 86_400,
  });
}

/**
 * Who may have this file: 'public' for every file but a private inlay picture; for one,
 * 'allowed' when the caller of this request may see it, else 'denied'.
 */
export async function uploadAccess({
  c,
  deps,
  url,
}: {
  c: Context;
  deps: AppDeps;
  url: string;
}): Promise<'public' | 'allowed' | 'denied'> {
  const sites = await sitesWithInlayFile({ db: deps.db, url });
  // Shown publicly by any site (or nobody's inlay picture at all): not private.
  if (sites.length === 0 || sites.some((s) => s.f_inlay_private !== 'Y')) return 'public';
  let auth: AuthInfo;
  try {
    auth = await resolveSession({
      db: deps.db,
      clock: deps.clock,
      token: getCookie(c, FILES_COOKIE),
      deviceId: null,
      superAdminPhone: deps.config.superAdminPhone,
    });
  } catch {
    return 'denied';
  }
  const allowed = await deps.db.connection().execute(async (db) => {
    for (const s of sites) {
      const site = await readSiteHead({ db, siteIdx: s.f_idx });
      if (site !== null && (await accessOf({ db, site, auth })).permissions.modify) return true;
    }
    return false;
  });
  return allowed ? 'allowed' : 'denied';
}

/** In front of the /uploads file server. */
export function guardUploads(deps: AppDeps): MiddlewareHandler {
  return async (c, next) => {
    let url: string;
    try {
      url = decodeURIComponent(c.req.path);
    } catch {
      return c.notFound();
    }
    const access = await uploadAccess({ c, deps, url });
    if (access === 'denied') return c.notFound();
    await next();
    if (c.res.status === 200) {
      // A private picture is asked for again each time (its access can change); the rest never change.
      c.header(
        'Cache-Control',
        access === 'allowed' ? 'private, no-cache' : 'private, max-age=31536000, immutable',
      );
    }
  };
}
