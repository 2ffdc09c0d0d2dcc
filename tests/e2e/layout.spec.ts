import { expect, type Page, test } from '@playwright/test';
import { demoSiteOf, type Problem, routePaths, walkRoutes } from './routes.ts';
import { loginAs } from './support.ts';

/**
 * Phone layout over every route (issue: nothing is cut off on a phone): at 360×740 and 390×844
 * no screen scrolls sideways, no control or text sticks out past the screen's edge (clipped by a
 * parent or not), no button of a table hides past the edge of its sideways scroll, and no empty
 * field's placeholder is cut. Signed out, as an agent and as an admin, over the router's own list
 * of routes (./routes.ts). The map, the data of a wide table and strips meant to scroll sideways
 * (tabs, a building's floors, pictures) are the exceptions.
 */

const AGENT = '01020000001';
const ADMIN = '01000000000';
const PHONES = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
] as const;

/** What sticks out of the screen as it is drawn now, one line each (outermost element only). */
async function overflows(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    const said = (el: Element) => {
      const text = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ');
      const cls = typeof el.className === 'string' && el.className ? `.${el.className.split(' ')[0]}` : '';
      return `<${el.tagName.toLowerCase()}${cls}> "${text.slice(0, 40)}"`;
    };
    /**
     * A strip meant to scroll sideways, controls and all: tabs, a building's floor grid, chips,
     * a row of pictures. A table may scroll sideways too, but not with its actions out of sight.
     */
    const STRIPS =
      '.admin-tabs, .community-tabs, .tabs--scroll, .unit-grid, .chips, .photo-strip, .post-images';
    // What a person acts with; a link in a wide table's data (a site's name) may be scrolled to.
    const CONTROLS = 'button, input:not(.sr-only), select, textarea, [role="button"]';
    /**
     * Nothing to see: the map, something not shown, or the data of a box that scrolls sideways
     * only (a screen or a popup scrolls down and must not hide a wide child).
     */
    const exempt = (el: Element) => {
      if (el.closest('figure, .ol-viewport, .sr-only, [hidden], [aria-hidden="true"]')) return true;
      if (el.closest(STRIPS)) return true;
      const control = el.matches(CONTROLS) || el.querySelector(CONTROLS) !== null;
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const sideways = /auto|scroll/.test(getComputedStyle(p).overflowX);
        if (sideways && p.scrollHeight <= p.clientHeight + 1 && !p.matches('main, .modal, [role="dialog"]'))
          return !control;
      }
      const style = getComputedStyle(el);
      return style.visibility === 'hidden' || style.display === 'none' || Number(style.opacity) === 0;
    };
    const sticksOut = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && (r.right > width + 1 || r.left < -1);
    };
    if (document.documentElement.scrollWidth > width + 1)
      found.push(`the page scrolls sideways (${document.documentElement.scrollWidth}px wide)`);
    for (const el of document.body.querySelectorAll('*')) {
      if (!sticksOut(el) || exempt(el)) continue;
      // Only the outermost: its children stick out because it does.
      if (el.parentElement && el.parentElement !== document.body && sticksOut(el.parentElement)) continue;
      const r = el.getBoundingClientRect();
      found.push(`${said(el)} reaches ${Math.round(r.left)}..${Math.round(r.right)}px`);
    }
    for (const input of document.querySelectorAll<HTMLInputElement>(
      'input[placeholder], textarea[placeholder]',
    )) {
      if (input.value || exempt(input)) continue;
      // The placeholder as text in the same box (its own font, padding and letter spacing), then put back.
      input.value = input.placeholder;
      const cut = input.scrollWidth > input.clientWidth + 1;
      input.value = '';
      if (cut) found.push(`the placeholder "${input.placeholder}" is cut (${said(input)})`);
    }
    return found;
  });
}

function report(problems: Problem[]): string {
  return [
    `${problems.length} thing(s) cut off or wider than the screen:`,
    ...problems.map((p) => `  [${p.role}] ${p.where}: ${p.text}`),
  ].join('\n');
}

test.describe('phone layout: nothing wider than a 360 or 390 px screen', () => {
  test.describe.configure({ timeout: 600_000 });

  test('on every public route, signed out', async ({ page }) => {
    const all = await routePaths(page);
    const paths = ['/', '/Splash', '/Login', '/SignupInfo', '/SignupQuiz', '/Inquire'].filter((p) =>
      all.includes(p),
    );
    const problems = await walkRoutes({
      page,
      role: 'signed out',
      paths,
      siteIdx: 0,
      viewports: PHONES,
      check: overflows,
    });
    expect(problems.length, report(problems)).toBe(0);
  });

  test('on every route, signed in as an agent', async ({ page }) => {
    const paths = await routePaths(page);
    const { token } = await loginAs(page, AGENT);
    const siteIdx = await demoSiteOf({ page, token });
    const problems = await walkRoutes({
      page,
      role: 'agent',
      paths,
      siteIdx,
      viewports: PHONES,
      check: overflows,
    });
    expect(problems.length, report(problems)).toBe(0);
  });

  test('on every route, signed in as an admin', async ({ page, browser, baseURL }) => {
    const agentContext = await browser.newContext({ baseURL: baseURL ?? '' });
    const agentPage = await agentContext.newPage();
    const { token } = await loginAs(agentPage, AGENT);
    const siteIdx = await demoSiteOf({ page: agentPage, token });
    await agentContext.close();
    const paths = await routePaths(page);
    await loginAs(page, ADMIN);
    const problems = await walkRoutes({
      page,
      role: 'admin',
      paths,
      siteIdx,
      viewports: PHONES,
      check: overflows,
    });
    expect(problems.length, report(problems)).toBe(0);
  });
});
