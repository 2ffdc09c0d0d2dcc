import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import type { Page as ListPage } from '../../sync/api/page.ts';
import { apiCall, loginAs, signUpApplicant } from './support.ts';

/**
 * What a new member meets (issue 30): the admin's settings decide the days a member starts with
 * (`new_member_days`; the demo gives a month), given by the server when the applicant is
 * approved; a member who never had a ticket is told so, not that it expired, and led to the plans.
 */

test.use({ viewport: { width: 390, height: 844 } });

const ADMIN = '01011110000';
const SUPER_ADMIN = '01000000000';
const DEMO_APPLICANT = '01030000001';

async function approveInScreens({ page, name }: { page: Page; name: string }) {
  await page.goto('/admin/accept');
  const applicant = page.getByTestId('applicant').filter({ hasText: name });
  await applicant.getByRole('button', { name: '승인' }).click();
  await expect(page.getByText('승인했습니다.')).toBeVisible();
}

test("the demo's applicant, once approved, starts with the month the admin's settings give and searches the map at once", async ({
  page,
  browser,
}) => {
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  const admin = await loginAs(adminPage, ADMIN);
  const pending = await apiCall<ListPage<{ f_phone: string }>>({
    page: adminPage,
    token: admin.token,
    path: '/admin/getPendingUserList',
    data: { offset: 0, limit: 20 },
  });
  // Another spec of the run may have approved the demo applicant already: the server gave the days then.
  if (pending.list.some((u) => u.f_phone === DEMO_APPLICANT)) {
    await approveInScreens({ page: adminPage, name: '신입회' });
  }
  await adminContext.close();

  await loginAs(page, DEMO_APPLICANT);
  await page.goto('/More');
  await expect(page.getByTestId('days-left')).toHaveText('남은 기간: 30일');
  await page.goto('/Map');
  await expect(page.locator('.site-list__count')).toHaveText(/^현장 [\d,]+개$/, { timeout: 20_000 });
  await expect(page.getByTestId('map-refusal')).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('with no days for new members, an approved member is told they have no ticket yet, not that it expired, and is led to the plans', async ({
  page,
  browser,
}) => {
  // The super admin changes the setting; the demo admin approves, in screens of their own.
  const ownerContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  const superAdmin = await loginAs(ownerPage, SUPER_ADMIN);
  await apiCall({
    page: ownerPage,
    token: superAdmin.token,
    path: '/admin/openAdminLock',
    data: { password: 'admin1234' },
  });
  const setDays = (days: number) =>
    apiCall({
      page: ownerPage,
      token: superAdmin.token,
      path: '/admin/updateAppInfo',
      data: { param_name: 'new_member_days', value: String(days) },
    });
  await setDays(0);
  const adminContext = await browser.newContext();
  try {
    const adminPage = await adminContext.newPage();
    const card = await sharp({ create: { width: 900, height: 500, channels: 3, background: '#e8eefc' } })
      .jpeg()
      .toBuffer();
    await signUpApplicant({ page: adminPage, phone: '01044440030', name: '첫이용', card });
    await loginAs(adminPage, ADMIN);
    await approveInScreens({ page: adminPage, name: '첫이용' });
  } finally {
    // The demo's month again, for the specs after this one.
    await setDays(30);
    await adminContext.close();
    await ownerContext.close();
  }

  await loginAs(page, '01044440030');
  await page.goto('/Map');
  const offer = page.getByRole('dialog');
  await expect(offer).toContainText('아직 이용권이 없습니다.');
  await expect(offer).not.toContainText('만료');
  await offer.getByRole('button', { name: '이용권 보기' }).click();
  const plans = page.getByRole('dialog').filter({ hasText: '이용 연장' });
  await expect(plans).toContainText('아직 이용권 없음');
  await page.goBack();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // Where the map's sites would be, the reason stays with the way to the plans.
  const refusal = page.getByTestId('map-refusal');
  await expect(refusal).toContainText('아직 이용권이 없습니다.');
  await refusal.getByRole('button', { name: '이용권 보기' }).click();
  await expect(page.getByRole('dialog').filter({ hasText: '이용 연장' })).toBeVisible();
});
