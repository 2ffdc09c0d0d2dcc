import { expect, test } from '@playwright/test';
import { loginAs } from './support.ts';

/**
 * A popup is announced by what it shows: a screen reader names the dialog after its title, or
 * after its question when it is a confirmation (Lighthouse's aria-dialog-name, which the home's ad
 * popup failed).
 */

test('a popup is named by its title and a confirmation by its question', async ({ page }) => {
  await loginAs(page, '01020000005');
  await page.goto('/More');

  await page.getByRole('button', { name: '대출 계산기' }).click();
  await expect(page.getByRole('dialog', { name: '대출 계산기' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByRole('button', { name: '로그아웃' }).click();
  const question = page.getByRole('dialog', { name: '로그아웃할까요? 이 기기에 저장된 정보가 삭제됩니다.' });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: '취소' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/More$/);
});
