import { expect, type Locator, type Page, test } from '@playwright/test';
import { loginAs } from './support.ts';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

/** Rows of the map list a member sees whole right now (inside the list's visible box). */
function wholeRows(page: Page): Promise<number> {
  return page.getByTestId('site-list-rows').evaluate((list) => {
    const box = list.getBoundingClientRect();
    return [...list.querySelectorAll('.site-row')].filter((row) => {
      const r = row.getBoundingClientRect();
      return r.height > 0 && r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
    }).length;
  });
}

/**
 * A drag on the handle to `toY`, as a person makes it: moves a frame apart, then held still a
 * moment before lifting (the events carry their own times, so the pace does not depend on the
 * machine's load).
 */
async function drag({
  page,
  handle,
  toY,
  input,
}: {
  page: Page;
  handle: Locator;
  toY: number;
  input: 'touch' | 'mouse';
}) {
  const box = await handle.boundingBox();
  if (!box) throw new Error('the handle is not on screen');
  const x = box.x + box.width / 2;
  const fromY = box.y + box.height / 2;
  const cdp = await page.context().newCDPSession(page);
  const start = Date.now() / 1000;
  const at = (ms: number) => start + ms / 1000;
  const send = (kind: 'start' | 'move' | 'end', y: number, ms: number) =>
    input === 'touch'
      ? cdp.send('Input.dispatchTouchEvent', {
          type: kind === 'start' ? 'touchStart' : kind === 'move' ? 'touchMove' : 'touchEnd',
          touchPoints: kind === 'end' ? [] : [{ x, y }],
          timestamp: at(ms),
        })
      : cdp.send('Input.dispatchMouseEvent', {
          type: kind === 'start' ? 'mousePressed' : kind === 'move' ? 'mouseMoved' : 'mouseReleased',
          x,
          y,
          button: 'left',
          buttons: kind === 'end' ? 0 : 1,
          clickCount: kind === 'move' ? 0 : 1,
          timestamp: at(ms),
        });
  if (input === 'mouse') {
    await cdp.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x, y: fromY, timestamp: at(0) });
  }
  await send('start', fromY, 0);
  for (let i = 1; i <= 8; i++) await send('move', fromY + ((toY - fromY) * i) / 8, i * 16);
  // Held still a quarter of a second, then lifted.
  await send('end', toY, 8 * 16 + 250);
  await cdp.detach();
}

const dragWithFinger = (page: Page, handle: Locator, toY: number) =>
  drag({ page, handle, toY, input: 'touch' });
const dragWithMouse = (page: Page, handle: Locator, toY: number) =>
  drag({ page, handle, toY, input: 'mouse' });

test('the map list is a bottom sheet dragged between peek, half and full, showing more sites as it opens and keeping its scroll', async ({
  page,
}) => {
  await loginAs(page, '01020000001');
  await page.goto('/Map');
  await page.getByLabel('검색어').fill('서울');
  await page.getByRole('button', { name: '검색', exact: true }).click();
  await expect(page.locator('.site-list__count')).toHaveText(/^현장 (\d{2,}|[1-9]\d*,\d{3})개$/, {
    timeout: 20_000,
  });
  const sheet = page.getByRole('complementary', { name: '지도의 현장' });
  const handle = page.getByTestId('site-list-handle');
  const rows = page.getByTestId('site-list-rows');

  // Half: several sites beside the map.
  await expect(sheet).toHaveAttribute('data-snap', 'half');
  await expect(page.locator('.site-row').nth(3)).toBeAttached();
  const atHalf = await wholeRows(page);
  expect(atHalf).toBeGreaterThanOrEqual(3);

  // Dragged up with a finger: the list takes the map's place and shows more sites.
  await dragWithFinger(page, handle, 130);
  await expect(sheet).toHaveAttribute('data-snap', 'full');
  await expect.poll(() => wholeRows(page)).toBeGreaterThan(atHalf);

  // Scrolled, then dragged down to half: the list is where it was left.
  await rows.evaluate((list) => list.scrollBy(0, 200));
  const scrolled = await rows.evaluate((list) => list.scrollTop);
  expect(scrolled).toBeGreaterThan(0);
  await dragWithMouse(page, handle, 844 / 2);
  await expect(sheet).toHaveAttribute('data-snap', 'half');
  expect(await rows.evaluate((list) => list.scrollTop)).toBe(scrolled);

  // Dragged down to peek: only the handle is left, and the map above it takes the touch.
  await dragWithFinger(page, handle, 830);
  await expect(sheet).toHaveAttribute('data-snap', 'peek');
  await expect(handle).toHaveAttribute('aria-expanded', 'false');
  const sheetTop = (await sheet.boundingBox())?.y ?? 0;
  expect(sheetTop).toBeGreaterThan(844 - 64 - 80);
  const underFinger = await page.evaluate(
    (y) => document.elementFromPoint(195, y)?.closest('.map-view') !== null,
    sheetTop - 40,
  );
  expect(underFinger).toBe(true);
  // Folded away, the rows are out of the keyboard's reach.
  await expect(page.locator('.site-list__body')).toHaveAttribute('inert', '');

  // The keyboard and screen readers change it from the handle too.
  await handle.focus();
  await page.keyboard.press('ArrowUp');
  await expect(sheet).toHaveAttribute('data-snap', 'half');
  await page.keyboard.press('ArrowUp');
  await expect(sheet).toHaveAttribute('data-snap', 'full');
  await page.getByRole('button', { name: '지도 보기' }).click();
  await expect(sheet).toHaveAttribute('data-snap', 'peek');
  await handle.click();
  await expect(sheet).toHaveAttribute('data-snap', 'half');
  expect(await rows.evaluate((list) => list.scrollTop)).toBe(scrolled);
});
