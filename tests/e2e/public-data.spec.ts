import { expect, test } from '@playwright/test';
import type { SitePage } from '../../sync/api/site-lists.api.ts';
import { apiCall, loginAs, waitForServiceWorker } from './support.ts';

/** The years the bundled sample publishes (no provider key in the e2e server). */
const SAMPLE_YEARS = ['2019', '2020', '2021', '2022', '2023', '2024', '2025'];

test('the land price history of a demo site shows its chart and years, and again offline with its fetch date', async ({
  page,
  context,
}) => {
  const { token } = await loginAs(page, '01020000003');
  const mine = await apiCall<SitePage>({
    page,
    token,
    path: '/site/getMySiteList',
    data: { site_type: 'G' },
  });
  const site = mine.list[0];
  if (!site) throw new Error('the demo agent has no general site');

  await page.goto(`/SiteDetail?site_idx=${site.f_idx}`);
  await waitForServiceWorker(page);
  await expect(page.getByTestId('sync-indicator')).toContainText('동기화됨');

  const openLandHistory = async () => {
    await page.getByTestId('inquiry-button').click();
    const popup = page.getByTestId('site-inquiry');
    await expect(popup.getByRole('tab', { name: '건축물대장' })).toHaveAttribute('aria-selected', 'true');
    await expect(popup.getByTestId('building-title')).toBeVisible();
    await popup.getByRole('tab', { name: '개별공시지가' }).click();
    await popup.getByTestId('open-land-history').click();
    const history = page.getByTestId('price-history');
    await expect(history.locator('canvas')).toBeVisible();
    const years = await history.locator('tbody th').allTextContents();
    expect([...years].reverse()).toEqual(SAMPLE_YEARS);
    await expect(history.getByTestId('sample-data')).toHaveText('샘플 데이터');
    return history;
  };

  const online = await openLandHistory();
  const prices = await online.locator('tbody td').allTextContents();
  const fetched = (await online.getByTestId('lookup-note').textContent())?.match(
    /\d{4}\. \d{1,2}\. \d{1,2}\. [\d:]+/,
  )?.[0];
  expect(fetched).toBeTruthy();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('from-device')).toBeVisible();
  const offline = await openLandHistory();
  expect(await offline.locator('tbody td').allTextContents()).toEqual(prices);
  await expect(offline.getByTestId('kept-copy')).toContainText(`${fetched}`);
  await context.setOffline(false);
});
