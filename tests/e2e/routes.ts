import type { Page } from '@playwright/test';
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

/** Waits until the screen has drawn what it loads: no pending route, no loading line, a quiet network. */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('domcontentloaded');
  await page.waitForFunction(
    () =>
      !document.querySelector('[aria-busy="true"]') &&
      !/불러오는 중|Loading…/.test(document.body.textContent ?? ''),
    undefined,
    { timeout: 20_000 },
  );
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {
    // The sync engine may keep a request open; the screen has drawn by now.
  });
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
