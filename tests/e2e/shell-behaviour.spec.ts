import { expect, test } from '@playwright/test';
import { deployNewServiceWorker, loginAs, waitForServiceWorker } from './support.ts';

test('the browser back button closes the top modal first and stays on the screen', async ({ page }) => {
  await loginAs(page, '01020000001');
  await page.goto('/Home');
  await page.getByRole('link', { name: '더보기' }).click();
  await expect(page).toHaveURL(/\/More$/);
  await page.getByRole('button', { name: '회원 탈퇴' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(1);
  // Back closes the modal, not the screen.
  await page.goBack();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/More$/);
  // With no modal left, back leaves the screen.
  await page.goBack();
  await expect(page).toHaveURL(/\/Home$/);
});

test('a language switch shows the app in English', async ({ page }) => {
  await page.goto('/Login');
  await expect(page.getByRole('heading', { name: '로그인' })).toBeVisible();
  await page.getByRole('button', { name: '언어 변경' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByRole('button', { name: 'Change language' }).click();
  await expect(page.getByRole('heading', { name: '로그인' })).toBeVisible();
});

test('a newly deployed version waits for the user and offers an update', async ({ page }) => {
  await page.goto('/Login');
  await waitForServiceWorker(page);
  const undeploy = deployNewServiceWorker();
  try {
    await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration();
      await reg?.update();
    });
    const prompt = page.getByRole('alert').filter({ hasText: '새 버전이 있습니다.' });
    await expect(prompt).toBeVisible({ timeout: 15_000 });
    await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: '업데이트' }).click()]);
    await expect(page.getByRole('heading', { name: '로그인' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: '새 버전이 있습니다.' })).toHaveCount(0);
  } finally {
    undeploy();
  }
});
