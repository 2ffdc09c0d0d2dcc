import { request as httpRequest } from 'node:http';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import type { SiteShareCreated } from '../../sync/api/shares.api.ts';
import type { SiteDetail } from '../../sync/api/site-detail.api.ts';
import type { SitePage } from '../../sync/api/site-lists.api.ts';
import { apiCall, loginAs } from './support.ts';

/**
 * Sharing a site with a customer (issue 32): the agent makes a link from the site detail, the
 * customer opens it with no account, and the page shows what a customer needs and none of the
 * agent's memo. Hidden, deleted, transferred, stopped and expired links are proven in vitest
 * (server/shares/shares.test.ts, with a controlled clock); here a stop and a hide, undone after.
 */

const AGENT = '01020000006';

/** A registered, shown new-open site of the member with pictures, with its detail. */
async function ownSite({ page, token }: { page: Page; token: string }): Promise<SiteDetail> {
  const mine = await apiCall<SitePage>({
    page,
    token,
    path: '/site/getMySiteList',
    data: { site_type: 'O' },
  });
  const site = mine.list.find((s) => s.f_hidden === 'N' && s.f_complete === 'N' && s.f_image_url);
  if (!site) throw new Error('no own shown new-open site with pictures in the demo data');
  return apiCall<SiteDetail>({
    page,
    token,
    path: '/site/getSiteDetail',
    data: { site_idx: site.f_idx, skip_log_recent_view: 'Y' },
  });
}

/** GET with no headers of our own (Node adds Host and Connection only), as a bare client would. */
function bareGet(url: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'GET', headers: {} }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'] ?? '', body }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

function og(body: string, property: string): string | undefined {
  return new RegExp(`<meta property="${property}" content="([^"]*)">`).exec(body)?.[1];
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

test('signed in as a demo agent, createSiteShare answers a URL whose page, fetched with no headers, is 200 text/html with og:title of the site’s name and not its memo', async ({
  page,
  baseURL,
}) => {
  const { token } = await loginAs(page, AGENT);
  const detail = await ownSite({ page, token });
  // The agent's own memo on the site, beside the site's memo from its registration.
  const ownMemo = `고객에게 보이면 안 되는 메모 ${Date.now()}`;
  await apiCall({
    page,
    token,
    path: '/site/addSiteMemo',
    data: { site_idx: detail.common.f_idx, memo: ownMemo },
  });
  const shared = await apiCall<SiteShareCreated>({
    page,
    token,
    path: '/site/createSiteShare',
    data: { site_idx: detail.common.f_idx },
  });
  expect(shared.url.startsWith(`${baseURL}/s/`)).toBe(true);
  const res = await bareGet(shared.url);
  expect(res.status).toBe(200);
  expect(res.type).toMatch(/^text\/html/);
  expect(og(res.body, 'og:title')).toBe(escapeHtml(detail.common.f_name));
  expect(og(res.body, 'og:description')).toBeTruthy();
  // The preview card's picture: the site's first picture as a JPEG, absolute like the link.
  const image = og(res.body, 'og:image');
  expect(image).toBe(`${shared.url}/image.jpg`);
  const picture = await page.request.get(image ?? '');
  expect(picture.headers()['content-type']).toBe('image/jpeg');
  expect(detail.common.f_memo.length).toBeGreaterThan(0);
  expect(res.body).not.toContain(detail.common.f_memo);
  expect(res.body).not.toContain(ownMemo);
  // Small and script-free: it opens at once on a weak link.
  expect(res.body).not.toContain('<script');
  expect(Buffer.byteLength(res.body)).toBeLessThan(16_000);
});

test('the agent shares from the site detail, the customer opens the link in a fresh browser without signing in, and a stopped link answers 404', async ({
  page,
  browser,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { token } = await loginAs(page, AGENT);
  const detail = await ownSite({ page, token });
  const idx = detail.common.f_idx;
  await page.goto(`/SiteDetail?site_idx=${idx}`);
  await page.getByTestId('customer-share-button').click();
  const popup = page.getByTestId('customer-share');
  await popup.getByTestId('customer-share-create').click();
  // No share sheet in this browser: the link is copied, and shown.
  const link = popup.locator('#customer-share-link');
  await expect(link).toHaveValue(/\/s\/[A-Za-z0-9_-]{24}$/);
  const url = await link.inputValue();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await expect(popup.getByTestId('customer-share-row').first()).toHaveAttribute('data-state', 'active');
  const popupAxe = await new AxeBuilder({ page })
    .include('[data-testid="customer-share"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(popupAxe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  // The customer: a fresh browser, nothing stored, no account.
  const customer = await browser.newContext({ locale: 'ko-KR', viewport: { width: 360, height: 740 } });
  const view = await customer.newPage();
  const opened = await view.goto(url);
  expect(opened?.status()).toBe(200);
  await expect(view.locator('h1')).toHaveText(detail.common.f_name);
  await expect(view.locator('meta[property="og:title"]')).toHaveAttribute('content', detail.common.f_name);
  const text = (await view.locator('body').textContent()) ?? '';
  expect(text).not.toContain(detail.common.f_memo);
  for (const contact of detail.contact_list) expect(text).not.toContain(contact.f_phone);
  // The agent who shared it is the contact.
  const profile = await apiCall<{ name: string; phone: string }>({ page, token, path: '/user/getProfile' });
  await expect(view.getByRole('link', { name: /전화/ })).toHaveAttribute('href', `tel:${AGENT}`);
  expect(text).toContain(profile.name);
  const axe = await new AxeBuilder({ page: view })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  // The person's view is counted in the agent's list.
  await page.goBack();
  await page.getByTestId('customer-share-button').click();
  const row = page.getByTestId('customer-share').getByTestId('customer-share-row').first();
  await expect(row.getByTestId('customer-share-views')).toHaveText(/조회 1회/);

  // Stopped: the link answers the Korean 404 page.
  await row.getByRole('button', { name: '링크 중지' }).click();
  await page.getByRole('dialog').last().getByRole('button', { name: '링크 중지' }).click();
  await expect(row).toHaveAttribute('data-state', 'revoked');
  const stopped = await view.goto(url);
  expect(stopped?.status()).toBe(404);
  await expect(view.locator('h1')).toHaveText('열 수 없는 링크입니다');
  await customer.close();
});

test('a hidden site stops answering its links, and answers again once shown', async ({ page }) => {
  const { token } = await loginAs(page, AGENT);
  const detail = await ownSite({ page, token });
  const idx = detail.common.f_idx;
  const { url } = await apiCall<SiteShareCreated>({
    page,
    token,
    path: '/site/createSiteShare',
    data: { site_idx: idx },
  });
  await apiCall({ page, token, path: '/site/setHideSite', data: { site_idx: idx, hidden_status: 'Y' } });
  try {
    expect((await bareGet(url)).status).toBe(404);
  } finally {
    await apiCall({ page, token, path: '/site/setHideSite', data: { site_idx: idx, hidden_status: 'N' } });
  }
  expect((await bareGet(url)).status).toBe(200);
});
