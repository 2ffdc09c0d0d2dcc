import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { demoSiteOf, type Problem, routePaths, settle, walkRoutes } from './routes.ts';
import { loginAs } from './support.ts';

/**
 * Accessibility check over every route (issue: accessible on every screen, not only the first).
 * The routes come from the app's own router (`self.__TSR_ROUTER__`, which TanStack Router sets
 * in the browser), so a screen added later is checked without touching this file; a route with a
 * path parameter this file has no value for fails by name instead of being skipped. Each route
 * is opened signed out (public screens), as an agent and as an admin, and the modals agents
 * open most on the site detail are opened too. No serious or critical axe violation is allowed
 * (WCAG 2.1 A and AA rules); a failure lists every route, role and rule at once.
 */

const AGENT = '01020000001';
/** The super admin holds every admin tab, so every admin screen shows itself rather than a refusal. */
const ADMIN = '01000000000';
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The serious and critical violations on the page as it is now, one line each. */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => {
      const targets = v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(' | ');
      // The first element's own finding (e.g. the contrast ratio and its colours) says what to fix.
      const finding = (v.nodes[0]?.failureSummary ?? '').split('\n').slice(1, 2).join('').trim();
      return `${v.id} (${v.impact}): ${v.help} — ${v.nodes.length} element(s), e.g. ${targets}${finding ? ` — ${finding}` : ''}`;
    });
}

function report(problems: Problem[]): string {
  return [
    `${problems.length} serious or critical accessibility violation(s):`,
    ...problems.map((p) => `  [${p.role}] ${p.where}: ${p.text}`),
  ].join('\n');
}

test.describe('accessibility (axe, WCAG 2.1 AA): no serious or critical violation', () => {
  test.describe.configure({ timeout: 600_000 });

  test('on every public route, signed out', async ({ page }) => {
    const all = await routePaths(page);
    const publicPaths = ['/', '/Splash', '/Login', '/SignupInfo', '/SignupQuiz', '/Inquire'].filter((p) =>
      all.includes(p),
    );
    const problems = await walkRoutes({
      page,
      role: 'signed out',
      paths: publicPaths,
      siteIdx: 0,
      check: violations,
    });
    expect(problems.length, report(problems)).toBe(0);
  });

  test('on every route, signed in as an agent, and in the site detail popups agents open most', async ({
    page,
  }) => {
    const paths = await routePaths(page);
    const { token } = await loginAs(page, AGENT);
    const siteIdx = await demoSiteOf({ page, token });
    const problems = await walkRoutes({ page, role: 'agent', paths, siteIdx, check: violations });

    // The popups of the site detail: inquiry tabs, area selection, price history, facilities map.
    const popup = async (where: string, open: () => Promise<void>) => {
      await open();
      await settle(page);
      for (const text of await violations(page)) problems.push({ role: 'agent', where, text });
    };
    await page.goto(`/SiteDetail?site_idx=${siteIdx}`);
    await settle(page);
    await popup('site detail › public data (building register)', async () => {
      await page.getByTestId('inquiry-button').click();
      await expect(page.getByTestId('building-title')).toBeVisible({ timeout: 20_000 });
    });
    await popup('site detail › public data (official land price)', async () => {
      await page.getByTestId('site-inquiry').getByRole('tab').nth(1).click();
      await expect(page.getByTestId('open-land-history')).toBeVisible({ timeout: 20_000 });
    });
    await popup('site detail › public data › land price history', async () => {
      await page.getByTestId('open-land-history').click();
      await expect(page.getByTestId('price-history').locator('canvas')).toBeVisible({ timeout: 20_000 });
    });
    await page.goBack();
    await popup('site detail › public data (actual transaction price)', async () => {
      await page.getByTestId('site-inquiry').getByRole('tab').nth(2).click();
      await expect(page.getByTestId('trade-tab')).toBeVisible();
    });
    await popup('site detail › public data › area selection', async () => {
      await page.getByTestId('area-select-button').click();
      await expect(page.getByTestId('area-select')).toBeVisible();
    });
    await page.goBack();
    await page.goBack();
    await popup('site detail › nearby facilities', async () => {
      await page.getByTestId('facilities-button').click();
      await expect(page.getByTestId('facility-list')).toBeVisible({ timeout: 20_000 });
    });
    expect(problems.length, report(problems)).toBe(0);
  });

  test('on every route, signed in as an admin', async ({ page, browser, baseURL }) => {
    // An agent's demo site for the site detail, found in a context of its own.
    const agentContext = await browser.newContext({ baseURL: baseURL ?? '' });
    const agentPage = await agentContext.newPage();
    const { token } = await loginAs(agentPage, AGENT);
    const siteIdx = await demoSiteOf({ page: agentPage, token });
    await agentContext.close();
    const paths = await routePaths(page);
    await loginAs(page, ADMIN);
    const problems = await walkRoutes({ page, role: 'admin', paths, siteIdx, check: violations });
    expect(problems.length, report(problems)).toBe(0);
  });
});
