import type { Context, Hono } from 'hono';
import { formatDay } from '../../sync/format.ts';
import { SHARE_PAGE_PREFIX, SHARE_TOKEN_PATTERN } from '../../sync/shares/shares.ts';
import { seoulDate } from '../clock.ts';
import type { AppDeps } from '../http/context.ts';
import { readSiteHead } from '../sites/site-access.ts';
import { loadSiteRows, loadUnits } from '../sites/site-rows.ts';
import { shareGoneHtml, sharePageHtml } from './share-page.html.ts';
import { sharePageView } from './share-page.view.ts';
import { countView, shareByToken, sharerOf } from './shares.repository.ts';
import { shareUrl, siteAnswersFor } from './shares.service.ts';

/**
 * The public page of a share link (issue 32): `GET /s/<token>`, no sign-in, rendered here so a
 * preview robot (KakaoTalk, Naver) reads its Open Graph tags without running a script. A link
 * that is unknown, stopped, past its end, or whose site no longer answers for its agent
 * (shares.service.ts `siteAnswersFor`: hidden, deleted, transferred, agent out of the group)
 * gets the same Korean 404 page. A view is counted when a person opens the page, not when a
 * preview robot or a browser's prefetch fetches it.
 */

/** Link-preview robots, crawlers and prefetchers: what fetches a link without a person reading it. */
const ROBOT =
  /bot|crawl|spider|scrap|preview|facebookexternalhit|yeti|daumoa|embedly|slack|telegram|whatsapp|discord|curl|wget|python|node-fetch/i;

/** Whether this request is a person opening the page (a view), as far as is cheap to tell. */
export function isPersonView(c: Context): boolean {
  if (c.req.method !== 'GET') return false;
  const purpose = `${c.req.header('purpose') ?? ''} ${c.req.header('sec-purpose') ?? ''} ${c.req.header('x-moz') ?? ''}`;
  if (/prefetch|prerender|preview/i.test(purpose)) return false;
  const agent = c.req.header('user-agent') ?? '';
  return agent !== '' && !ROBOT.test(agent);
}

function gone(c: Context) {
  c.header('Cache-Control', 'no-store');
  return c.html(shareGoneHtml(), 404);
}

export function mountSharePages({ app, deps }: { app: Hono; deps: AppDeps }): void {
  app.get(`${SHARE_PAGE_PREFIX}:token`, async (c) => {
    const token = c.req.param('token');
    if (!SHARE_TOKEN_PATTERN.test(token)) return gone(c);
    const now = deps.clock.now();
    const { sqlite } = deps;
    const page = await deps.db.transaction().execute(async (tx) => {
      const share = await shareByToken({ db: tx, token });
      if (!share || share.f_revoked_time !== null || new Date(share.f_expires_at) <= now) return null;
      const site = readSiteHead({ sqlite, siteIdx: share.f_site_idx });
      if (!site || !(await siteAnswersFor({ db: tx, sqlite, share, site }))) return null;
      const [row] = loadSiteRows({ sqlite, ids: [site.f_idx] });
      const sharer = await sharerOf({ db: tx, userIdx: share.f_user_idx });
      if (!row || !sharer) return null;
      const dongs = loadUnits({ sqlite, ids: [site.f_idx] }).get(site.f_idx) ?? [];
      if (isPersonView(c)) await countView({ db: tx, shareIdx: share.f_idx, time: now.toISOString() });
      return { share, view: sharePageView({ site: row, dongs, contact: sharer }) };
    });
    if (!page) return gone(c);
    // Never kept by a browser or a proxy: a stopped link must stop at once, and each open is a view.
    c.header('Cache-Control', 'no-store');
    c.header('X-Robots-Tag', 'noindex, nofollow');
    const { publicUrl } = deps.config;
    return c.html(
      sharePageHtml({
        view: page.view,
        pageUrl: shareUrl({ publicUrl, token }),
        publicUrl,
        expires: formatDay(seoulDate(new Date(page.share.f_expires_at))),
      }),
    );
  });
}
