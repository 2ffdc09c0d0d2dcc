import type { Page, Request } from '@playwright/test';
import type { SitePage } from '../../sync/api/site-lists.api.ts';
import { apiCall } from './support.ts';

/**
 * The walk over every route of the app, shared by the checks that look at every screen
 * (accessibility.spec.ts, layout.spec.ts). The routes come from the app's own router
 * (`self.__TSR_ROUTER__`), so a screen added later is walked without touching these files; a route
 * with a path parameter that has no value here fails by name instead of being skipped.
 */

/** Values for path parameters: each value is its own page to check. */
export const PARAMS: Record<string, (ctx: { siteIdx: number }) => string[]> = {
  type: () => ['New', 'General'],
  view: () => ['community', 'notice', 'inquire'],
  siteIdx: ({ siteIdx }) => [String(siteIdx)],
};

/** Search parameters a screen needs to show something rather than its empty state. */
export const SEARCH: Record<string, (ctx: { siteIdx: number }) => string> = {
  '/SiteDetail': ({ siteIdx }) => `?site_idx=${siteIdx}`,
  // Step 2 of the demo site: its buildings and units, the rows a phone must fit.
  '/RegSite/step2': ({ siteIdx }) => `?site_idx=${siteIdx}`,
};

export type Role = 'signed out' | 'agent' | 'admin';

export interface Problem {
  role: Role;
  where: string;
  text: string;
}

/** Every route's full path, from the router the page runs. */
export async function routePaths(page: Page): Promise<string[]> {
  trackRequests(page);
  await page.goto('/');
  await page.waitForFunction(
    () => 'routesById' in ((self as { __TSR_ROUTER__?: object }).__TSR_ROUTER__ ?? {}),
  );
  const paths = await page.evaluate(() => {
    const router = (self as unknown as { __TSR_ROUTER__: { routesById: Record<string, RouteLike> } })
      .__TSR_ROUTER__;
    interface RouteLike {
      fullPath: string;
      children?: unknown;
    }
    // Leaves only: a parent route (a layout, /admin, /RegSite) shows one of its children.
    return Object.values(router.routesById)
      .filter((r) => !r.children || (Array.isArray(r.children) && r.children.length === 0))
      .map((r) => r.fullPath);
  });
  return [...new Set(paths.map((p) => (p.length > 1 ? p.replace(/\/$/, '') : p)))].sort();
}

/** The concrete addresses of one route, or a problem naming the parameter with no value. */
export function urlsOf({ path, siteIdx }: { path: string; siteIdx: number }): {
  urls: string[];
  missing?: string;
} {
  let urls = [path];
  for (const name of path.match(/\$(\w+)/g) ?? []) {
    const values = PARAMS[name.slice(1)]?.({ siteIdx });
    if (!values) return { urls: [], missing: name };
    urls = urls.flatMap((u) => values.map((v) => u.replace(name, v)));
  }
  const search = SEARCH[path]?.({ siteIdx }) ?? '';
  return { urls: urls.map((u) => `${u}${search}`) };
}

/** Requests each page has open now; the live stream stays open for good and is not counted. */
const openRequests = new WeakMap<Page, Set<Request>>();

function trackRequests(page: Page): Set<Request> {
  let open = openRequests.get(page);
  if (open) return open;
  const pending = new Set<Request>();
  open = pending;
  openRequests.set(page, pending);
  page.on('request', (r) => {
    if (!r.url().includes('/sync/events')) pending.add(r);
  });
  page.on('requestfinished', (r) => pending.delete(r));
  page.on('requestfailed', (r) => pending.delete(r));
  return pending;
}

/**
 * Waits until the screen has drawn what it loads: no pending route, no loading line, and no
 * request open for half a second. (Playwright's `networkidle` never comes: the live stream stays open.)
 */
export async function settle(page: Page): Promise<void> {
  const pending = trackRequests(page);
  await page.waitForLoadState('domcontentloaded');
  await page.waitForFunction(
    () =>
      !document.querySelector('[aria-busy="true"]') &&
      !/불러오는 중|Loading…/.test(document.body.textContent ?? ''),
    undefined,
    { timeout: 20_000 },
  );
  const deadline = Date.now() + 5_000;
  let quietSince = pending.size === 0 ? Date.now() : Number.POSITIVE_INFINITY;
  while (Date.now() < deadline && Date.now() - quietSince < 500) {
    await page.waitForTimeout(50);
    if (pending.size > 0) quietSince = Number.POSITIVE_INFINITY;
    else if (quietSince === Number.POSITIVE_INFINITY) quietSince = Date.now();
  }
}

/**
 * Opens every route's addresses in turn (at each of `viewports`, or as the page is) and collects
 * what `check` finds on each screen, named by role and address (and the address shown, when the
 * app sent the member elsewhere). A route whose parameter has no value is a problem of its own.
 */
export async function walkRoutes({
  page,
  role,
  paths,
  siteIdx,
  viewports = [null],
  check,
}: {
  page: Page;
  role: Role;
  paths: string[];
  siteIdx: number;
  viewports?: ReadonlyArray<{ width: number; height: number } | null>;
  check: (page: Page) => Promise<string[]>;
}): Promise<Problem[]> {
  const problems: Problem[] = [];
  for (const path of paths) {
    const { urls, missing } = urlsOf({ path, siteIdx });
    if (missing) {
      problems.push({
        role,
        where: path,
        text: `path parameter ${missing} has no value in PARAMS (routes.ts)`,
      });
      continue;
    }
    for (const url of urls) {
      for (const viewport of viewports) {
        if (viewport) await page.setViewportSize(viewport);
        await page.goto(url);
        await settle(page);
        const landed = new URL(page.url()).pathname;
        const shown = landed.toLowerCase() === url.split('?')[0]?.toLowerCase() ? '' : ` (shown: ${landed})`;
        const at = viewport ? ` at ${viewport.width}×${viewport.height}` : '';
        for (const text of await check(page)) problems.push({ role, where: `${url}${shown}${at}`, text });
      }
    }
  }
  return problems;
}

/** The demo agent's first new-open site: the site detail's page. */
export async function demoSiteOf({ page, token }: { page: Page; token: string }): Promise<number> {
  const mine = await apiCall<SitePage>({
    page,
    token,
    path: '/site/getMySiteList',
    data: { site_type: 'O' },
  });
  const site = mine.list[0];
  if (!site) throw new Error('the demo agent has no new-open site');
  return site.f_idx;
}
