import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { lastSmsCode, loginAs, waitForSmsCode } from './support.ts';

async function cardPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 900, height: 500, channels: 3, background: '#e8eefc' } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="900" height="500"><rect x="40" y="40" width="300" height="60" fill="#1f5eff"/></svg>',
        ),
      },
    ])
    .jpeg()
    .toBuffer();
}

test('an agent signs up with a card and the quiz, an admin approves, and the agent signs in', async ({
  browser,
}) => {
  const phone = '01044440001';
  const agentContext = await browser.newContext();
  const agent = await agentContext.newPage();

  // Sign-up info: card photo, affiliation, name, phone verified by the code from the server log.
  await agent.goto('/SignupInfo');
  await agent
    .getByLabel('명함 사진')
    .setInputFiles({ name: 'card.jpg', mimeType: 'image/jpeg', buffer: await cardPhoto() });
  await agent.getByLabel('소속').fill('판교 테크노 공인중개사');
  await agent.getByLabel('이름').fill('홍길동');
  await agent.getByLabel('휴대폰 번호').fill(phone);
  await expect(agent.getByLabel('휴대폰 번호')).toHaveValue('010-4444-0001');
  const before = lastSmsCode(phone);
  await agent.getByRole('button', { name: '인증번호 받기' }).click();
  const code = await waitForSmsCode(phone, before);
  await expect(agent.getByText(/^[23]:\d\d$/)).toBeVisible();
  await agent.getByLabel('인증번호').fill(code);
  await agent.getByRole('button', { name: '인증', exact: true }).click();
  await expect(agent.getByRole('button', { name: '인증 완료' })).toBeVisible();
  await agent.getByRole('button', { name: '다음: 인증 퀴즈' }).click();

  // The quiz: a wrong set is sent back to the quiz, then the right answers pass.
  await expect(agent).toHaveURL(/\/SignupQuiz$/);
  for (const answer of [
    '가능하다',
    '시·도 조례',
    '중개사무소 명칭과 등록번호',
    '신고되어 이용이 제한될 수 있다',
    '3.3㎡',
  ]) {
    await agent.getByLabel(answer, { exact: true }).check();
  }
  await agent.getByRole('button', { name: '가입 신청' }).click();
  await expect(agent.getByText('인증 퀴즈를 통과하지 못했습니다. 다시 풀어 주세요.')).toBeVisible();
  await expect(agent).toHaveURL(/\/SignupQuiz$/);
  for (const answer of [
    '불가능하다',
    '시·도 조례',
    '중개사무소 명칭과 등록번호',
    '신고되어 이용이 제한될 수 있다',
    '3.3㎡',
  ]) {
    await agent.getByLabel(answer, { exact: true }).check();
  }
  await agent.getByRole('button', { name: '가입 신청' }).click();
  await expect(agent.getByRole('heading', { name: '가입 심사 중입니다' })).toBeVisible();

  // The admin approves in /admin/accept, seeing the card photo.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await loginAs(admin, '01011110000');
  await admin.goto('/admin/accept');
  const applicant = admin.getByTestId('applicant').filter({ hasText: '홍길동' });
  await expect(applicant).toBeVisible();
  await expect(applicant.getByRole('img', { name: '홍길동님의 명함' })).toBeVisible();
  const cardLoaded = await applicant
    .getByRole('img')
    .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
  expect(cardLoaded).toBe(true);
  // The whole card opens large, to be read before approving.
  await applicant.getByRole('button', { name: '홍길동님의 명함 크게 보기' }).click();
  await expect(admin.getByTestId('gallery')).toBeVisible();
  await admin.getByTestId('gallery').getByRole('button', { name: '닫기' }).click();
  await expect(admin.getByTestId('gallery')).toHaveCount(0);
  await applicant.getByRole('button', { name: '승인' }).click();
  await expect(admin.getByText('승인했습니다.')).toBeVisible();
  await expect(admin.getByTestId('applicant').filter({ hasText: '홍길동' })).toHaveCount(0);

  // The agent signs in with a new code and reaches home.
  await agent.getByRole('link', { name: '로그인하러 가기' }).click();
  await agent.getByLabel('휴대폰 번호').fill(phone);
  const beforeLogin = lastSmsCode(phone);
  await agent.getByRole('button', { name: '인증번호 받기' }).click();
  await agent.getByLabel('인증번호').fill(await waitForSmsCode(phone, beforeLogin));
  await agent.getByRole('button', { name: '로그인' }).click();
  await expect(agent).toHaveURL(/\/Home$/);
  await expect(agent.getByRole('searchbox', { name: '현장 검색' })).toBeVisible();
  await expect(agent.getByText('가입 심사 중입니다.')).toHaveCount(0);

  await agentContext.close();
  await adminContext.close();
});

test('signing in on a second device logs the first one out within two seconds', async ({ browser }) => {
  const phone = '01020000002';
  const first = await (await browser.newContext()).newPage();
  await loginAs(first, phone);
  await first.goto('/Home');
  await expect(first).toHaveURL(/\/Home$/);

  const second = await (await browser.newContext()).newPage();
  await loginAs(second, phone);
  const started = Date.now();
  // The idle first device is told by its 2 s poll and shows the login screen with the reason.
  await expect(first).toHaveURL(/\/Login$/, { timeout: 4000 });
  expect(Date.now() - started).toBeLessThan(3500);
  await expect(first.getByText('같은 번호로 다른 기기에서 로그인되어 로그아웃되었습니다.')).toBeVisible();
  expect(
    await first.evaluate(() => [localStorage.getItem('bt.token'), localStorage.getItem('bt.savedPhone')]),
  ).toEqual([null, null]);
});

test('logging out clears the offline store and returns to the login screen', async ({ page }) => {
  await loginAs(page, '01020000003');
  await page.goto('/More');
  // The app's store once the app has made it. (waitForFunction does not wait for a promise, and
  // opening a store that does not exist yet would make an empty one: look before opening.)
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const made = (await indexedDB.databases()).some((d) => d.name === 'bunyang');
        if (!made) return false;
        const open = indexedDB.open('bunyang');
        const db = await new Promise<IDBDatabase>((resolve) => {
          open.onsuccess = () => resolve(open.result);
        });
        const ready = db.objectStoreNames.contains('likes');
        db.close();
        return ready;
      }),
    )
    .toBe(true);
  await page.evaluate(async () => {
    const open = indexedDB.open('bunyang');
    await new Promise((resolve) => {
      open.onsuccess = resolve;
    });
    const db = open.result;
    const tx = db.transaction('likes', 'readwrite');
    tx.objectStore('likes').put({ f_site_idx: 1, liked_at: 'x' });
    await new Promise((resolve) => {
      tx.oncomplete = resolve;
    });
    db.close();
  });
  await page.getByRole('button', { name: '로그아웃' }).click();
  await page.getByRole('button', { name: '확인' }).click();
  await expect(page).toHaveURL(/\/Login$/);
  const likes = await page.evaluate(async () => {
    const open = indexedDB.open('bunyang');
    await new Promise((resolve) => {
      open.onsuccess = resolve;
    });
    const db = open.result;
    const count = await new Promise<number>((resolve) => {
      const req = db.transaction('likes').objectStore('likes').count();
      req.onsuccess = () => resolve(req.result);
    });
    db.close();
    return count;
  });
  expect(likes).toBe(0);
});

test('a member under review is told registration waits for approval, the device does not pull, and approval is announced', async ({
  browser,
}) => {
  const agentContext = await browser.newContext();
  // The device's clock is the test's: time runs on, and jumps where the test says.
  await agentContext.clock.install();
  const agent = await agentContext.newPage();
  const pulls: string[] = [];
  agent.on('request', (r) => {
    if (r.url().includes('/sync/pull')) pulls.push(r.url());
  });
  await loginAs(agent, '01030000001');
  await agent.goto('/Home');
  await expect(agent.getByTestId('sync-indicator')).toHaveText('승인 대기');
  await agent.goto('/RegSite/step1/New');
  await expect(agent.getByTestId('awaiting-approval')).toContainText(
    '관리자가 승인하면 매물을 등록할 수 있습니다',
  );
  await expect(agent.getByLabel('현장명', { exact: true })).toHaveCount(0);
  // No loop of refused pulls while the status stays the same: a minute passes (past the longest
  // back-off of the sync), and once any sync it started is over, no pull was asked for.
  const seen = pulls.length;
  await agent.clock.runFor(61_000);
  await expect
    .poll(() => agent.evaluate(() => window.__bunyangSync?.engine.status().syncing ?? false))
    .toBe(false);
  expect(pulls.length).toBe(seen);

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await loginAs(admin, '01011110000');
  await admin.goto('/admin/accept');
  const applicant = admin.getByTestId('applicant').filter({ hasText: '신입회' });
  await applicant.getByRole('button', { name: '승인' }).click();
  await expect(admin.getByText('승인했습니다.')).toBeVisible();

  // The open session learns it within the forced-logout poll and says why it ended.
  await expect(agent).toHaveURL(/\/Login$/, { timeout: 10_000 });
  await expect(agent.getByText('가입 심사가 끝났습니다. 다시 로그인해 주세요.')).toBeVisible();
  await agentContext.close();
  await adminContext.close();
});
