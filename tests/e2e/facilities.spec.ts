import { expect, test } from '@playwright/test';
import type { SitePage } from '../../sync/api/site-lists.api.ts';
import { apiCall, loginAs, waitForServiceWorker } from './support.ts';

test('the facilities map of a demo site lists sample facilities by type, and again offline with its fetch date', async ({
  page,
  context,
}) => {
  const { token } = await loginAs(page, '01020000001');
  const mine = await apiCall<SitePage>({
    page,
    token,
    path: '/site/getMySiteList',
    data: { site_type: 'O' },
  });
  const site = mine.list[0];
  if (!site) throw new Error('the demo agent has no new-open site');

  await page.goto(`/SiteDetail?site_idx=${site.f_idx}`);
  await waitForServiceWorker(page);
  await expect(page.getByTestId('sync-indicator')).toContainText('동기화됨');

  const open = async () => {
    await page.getByTestId('facilities-button').click();
    const popup = page.getByTestId('facilities-popup');
    await expect(popup.getByTestId('facility-list')).toBeVisible();
    await expect(popup.getByTestId('facilities-map')).toBeVisible();
    await expect(popup.getByTestId('sample-data')).toHaveText('샘플 데이터');
    return popup;
  };

  const online = await open();
  const all = await online.getByTestId('facility-list').locator('li').allTextContents();
  expect(all.length).toBeGreaterThan(6);
  // A type chip narrows the list to that type, nearest first.
  await online.getByTestId('facility-chip-SW8').click();
  await expect(online.getByTestId('facility-chip-SW8')).toHaveAttribute('aria-pressed', 'true');
  const subway = await online.getByTestId('facility-list').locator('li').allTextContents();
  expect(subway.length).toBeGreaterThan(0);
  expect(subway.every((row) => row.includes('지하철역'))).toBe(true);
  const metres = subway.map((row) => Number(row.match(/(\d+)m$/)?.[1]));
  expect(metres).toEqual([...metres].sort((a, b) => a - b));
  const fetched = (await online.getByTestId('lookup-note').textContent())?.match(
    /\d{4}\. \d{1,2}\. \d{1,2}\. [\d:]+/,
  )?.[0];
  expect(fetched).toBeTruthy();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('from-device')).toBeVisible();
  const offline = await open();
  expect(await offline.getByTestId('facility-list').locator('li').allTextContents()).toEqual(all);
  await expect(offline.getByTestId('kept-copy')).toContainText(`${fetched}`);
  await context.setOffline(false);
});
