import { expect, test } from '@playwright/test';
import { loginAs, readStore } from './support.ts';

interface StoredSite {
  f_idx: number;
  f_user_idx: number;
  f_image_urls?: string[];
}

test('after the first sync an own site’s pictures show offline though the site was never opened online', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const { uid } = await loginAs(page, '01020000001');
  // A screen without site pictures: nothing brings them into the cache but the keeping itself.
  await page.goto('/More');
  await expect(page.getByTestId('sync-indicator')).toHaveText(/동기화됨/, { timeout: 30_000 });
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise<void>((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', () => resolve()),
    );
  });

  const own = (await readStore(page, 'bunyang', 'sitePacks'))
    .flatMap((pack) => pack.sites as StoredSite[])
    .filter((s) => s.f_user_idx === uid && (s.f_image_urls?.length ?? 0) >= 2)
    .sort((a, b) => b.f_idx - a.f_idx);
  const site = own[0];
  expect(site, 'an own demo site with two pictures or more').toBeDefined();
  if (!site) return;
  const urls = site.f_image_urls ?? [];
  // The pictures come in the background after the rows: wait until this site's are kept.
  await expect
    .poll(
      async () => {
        const kept = await readStore(page, 'bunyang-photos', 'photos').catch(() => []);
        return urls.filter((url) => kept.some((k) => k.url === url)).length;
      },
      { timeout: 60_000 },
    )
    .toBe(urls.length);

  await context.setOffline(true);
  await page.goto(`/SiteDetail?site_idx=${site.f_idx}`);
  const pictures = page.getByTestId('photos').locator('img');
  await expect(pictures).toHaveCount(urls.length);
  for (let i = 0; i < urls.length; i++) {
    const picture = pictures.nth(i);
    await picture.scrollIntoViewIfNeeded();
    // Drawn: the bytes came from the device, not a broken-image placeholder.
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
  }
});
