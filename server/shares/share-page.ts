import type { Context, Hono } from 'hono';
import sharp from 'sharp';
import { formatDay } from '../../sync/format.ts';
import { SHARE_PAGE_PREFIX, SHARE_TOKEN_PATTERN } from '../../sync/shares/shares.ts';
import type { SiteRow } from '../../sync/site-fields.ts';
import { UPLOADS_URL_PREFIX } from '../adapters/storage.ts';
import { seoulDate } from '../clock.ts';
import type { Tx } from '../db/database.ts';
import type { AppDeps } from '../http/context.ts';
import { readSiteHead } from '../sites/site-access.ts';
import { loadSiteRows, loadUnits } from '../sites/site-rows.repository.ts';
import { SHARE_IMAGE, shareGoneHtml, sharePageHtml } from './share-page.html.ts';
import { sharePageView } from './share-page.view.ts';
import { countView, type ShareRow, type Sharer, shareByToken, sharerOf } from './shares.repository.ts';
import { shareUrl, siteAnswersFor } from './shares.service.ts';

/**
 * The public page of a share link (issue 32): `GET /s/<token>`, no sign-in, rendered here so a
 * preview robot (KakaoTalk, Naver) reads its Open Graph tags without running a script, and
 * `GET /s/<token>/image.jpg`, the first picture as the preview card's JPEG (uploads are WebP,
 * which not every preview robot reads). A link that is unknown, stopped, past its end, or whose
 * site no longer answers for its agent (shares.service.ts `siteAnswersFor`: hidden, deleted,
 * transferred, agent out of the group) gets the same Korean 404 page. A view is counted when a
 * person opens the page, not when a preview robot or a browser's prefetch fetches it.
 */

/** Link-preview robots, crawlers, prefetchers and scripts: what fetches a link without a person reading it. */
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

interface OpenLink {
  share: ShareRow;
  site: SiteRow;
  sharer: Sharer;
}

/** The link of a token while it answers, read in the caller's transaction; null otherwise. */
async function openLink({
  deps,
  tx,
  token,
}: {
  deps: AppDeps;
  tx: Tx;
  token: string;
}): Promise<OpenLink | null> {
  if (!SHARE_TOKEN_PATTERN.test(token)) return null;
  const share = await shareByToken({ db: tx, token });
  if (!share || share.f_revoked_time !== null || new Date(share.f_expires_at) <= deps.clock.now())
    return null;
  const head = await readSiteHead({ db: tx, siteIdx: share.f_site_idx });
  if (!head || !(await siteAnswersFor({ db: tx, share, site: head }))) return null;
  const [site] = await loadSiteRows({ db: tx, ids: [head.f_idx] });
  const sharer = await sharerOf({ db: tx, userIdx: share.f_user_idx });
  return site && sharer ? { share, site, sharer } : null;
}

function gone(c: Context) {
  c.header('Cache-Control', 'no-store');
  return c.html(shareGoneHtml(), 404);
}

export function mountSharePages({ app, deps }: { app: Hono; deps: AppDeps }): void {
  app.get(`${SHARE_PAGE_PREFIX}:token`, async (c) => {
    const token = c.req.param('token');
    const page = await deps.db.transaction().execute(async (tx) => {
      const link = await openLink({ deps, tx, token });
      if (!link) return null;
      const dongs = (await loadUnits({ db: tx, ids: [link.site.f_idx] })).get(link.site.f_idx) ?? [];
      if (isPersonView(c)) {
        await countView({ db: tx, shareIdx: link.share.f_idx, time: deps.clock.now().toISOString() });
      }
      return { share: link.share, view: sharePageView({ site: link.site, dongs, contact: link.sharer }) };
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
        expires: formatDay(seoulDate(new Date(page.share.f_expires_at))),
      }),
    );
  });

  app.get(`${SHARE_PAGE_PREFIX}:token/image.jpg`, async (c) => {
    const picture = await deps.db.transaction().execute(async (tx) => {
      const link = await openLink({ deps, tx, token: c.req.param('token') });
      return link
        ? sharePageView({ site: link.site, dongs: [], contact: link.sharer }).pictures[0]
        : undefined;
    });
    const bytes = picture?.startsWith(UPLOADS_URL_PREFIX) ? await deps.adapters.storage.read(picture) : null;
    if (!bytes) return c.body(null, 404);
    const jpeg = await sharp(bytes)
      .resize(SHARE_IMAGE.width, SHARE_IMAGE.height, { fit: 'cover' })
      .jpeg({ quality: 80, mozjpeg: true })
      .toBuffer();
    c.header('Content-Type', 'image/jpeg');
    c.header('Cache-Control', 'no-store');
    return c.body(new Uint8Array(jpeg));
  });
}
