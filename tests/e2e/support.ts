import { readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

/** The server log of the process Playwright started (playwright.config.ts tees it). */
export function serverLog(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set');
  return readFileSync(`${dir}/server.log`, 'utf8');
}

/** The last SMS code the console SMS sender logged for a phone (`[sms] to=<digits> code=<code>`). */
export function lastSmsCode(phone: string): string | null {
  const matches = [...serverLog().matchAll(new RegExp(`\\[sms\\] to=${phone} code=(\\d{6})`, 'g'))];
  return matches.at(-1)?.[1] ?? null;
}

export async function waitForSmsCode(phone: string, previous: string | null = null): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(
      () => {
        code = lastSmsCode(phone);
        return code !== null && code !== previous;
      },
      { message: `no SMS code logged for ${phone}`, timeout: 5_000 },
    )
    .toBe(true);
  return code as unknown as string;
}

/**
 * Signs a demo member in through the API (authPhone, the code from the server log, login)
 * and stores the session the way the app does, so the next page load is signed in.
 * Demo phones: 01020000001..6 agents, 01011110000 admin, 01000000000 super admin.
 */
const devices = new Map<string, string>();

/**
 * Headers of an API call as the member holding `token`: a token works only from the device it
 * was issued to, so the call names that device (the one loginAs signed in with).
 */
export function authHeaders(token: string): Record<string, string> {
  const device = devices.get(token);
  if (!device) throw new Error('authHeaders: a token loginAs did not issue');
  return { 'x-access-token': token, 'x-device-id': device };
}

export async function loginAs(
  page: Page,
  phone: string,
): Promise<{ token: string; uid: number; deviceId: string }> {
  const request: APIRequestContext = page.request;
  const before = lastSmsCode(phone);
  const sent = await request.post('/api/v1/auth/authPhone', { data: { phone_number: phone, is_login: 'Y' } });
  if ((await sent.json()).code !== 0) throw new Error(`authPhone failed: ${await sent.text()}`);
  const code = await waitForSmsCode(phone, before);
  if (page.url() === 'about:blank') await page.goto('/');
  const deviceId = await page.evaluate(() => {
    let id = localStorage.getItem('bt.deviceId');
    if (!id) {
      id = crypto.randomUUID();
      localStorage.setItem('bt.deviceId', id);
    }
    return id;
  });
  const res = await request.post('/api/v1/auth/login', {
    data: { phone_number: phone, code, device_id: deviceId },
  });
  const body = (await res.json()) as { code: number; data: { access_token: string; uid: number } };
  if (body.code !== 0) throw new Error(`login failed: ${JSON.stringify(body)}`);
  await page.evaluate(
    ({ token, uid }) => {
      localStorage.setItem('bt.uid', String(uid));
      localStorage.setItem('bt.token', token);
    },
    { token: body.data.access_token, uid: body.data.uid },
  );
  devices.set(body.data.access_token, deviceId);
  return { token: body.data.access_token, uid: body.data.uid, deviceId };
}

/** An API answer as it came: the HTTP status and the envelope, a refusal included. */
export interface ApiAnswer<T> {
  status: number;
  code: number;
  msg: string;
  data: T;
}

/**
 * Calls the API as the member holding `token` (from the device loginAs signed in with) and
 * answers the envelope with its HTTP status, refusals included: for a test that expects one.
 * A GET call (`method: 'get'`) sends `data` as the query.
 */
export async function apiAnswer<T>({
  page,
  token,
  path,
  data = {},
  method = 'post',
}: {
  page: Page;
  token: string;
  path: string;
  data?: object;
  method?: 'get' | 'post';
}): Promise<ApiAnswer<T>> {
  const url = `/api/v1${path}`;
  const headers = authHeaders(token);
  const res =
    method === 'get'
      ? await page.request.get(url, { headers, params: data as Record<string, string | number | boolean> })
      : await page.request.post(url, { headers, data });
  const body = (await res.json()) as { code: number; msg: string; data: T };
  return { status: res.status(), ...body };
}

/** Calls the API as the member holding `token` and answers `data`; a refusal throws with its code and message. */
export async function apiCall<T>(args: Parameters<typeof apiAnswer>[0]): Promise<T> {
  const answer = await apiAnswer<T>(args);
  if (answer.code !== 0) throw new Error(`${args.path}: ${answer.code} ${answer.msg}`);
  return answer.data;
}

/** The app's service worker is active and controls the page: from now on it opens offline. */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** The quiz's right answers (migrations/0002_accounts), as an applicant would pick them. */
const QUIZ_ANSWERS = [
  '불가능하다',
  '시·도 조례',
  '중개사무소 명칭과 등록번호',
  '신고되어 이용이 제한될 수 있다',
  '3.3㎡',
];

/**
 * Applies for membership through the API as the sign-up screens do (a verified phone, a card
 * photo, the quiz answered right): the applicant then waits for an admin's approval.
 */
export async function signUpApplicant({
  page,
  phone,
  name,
  card,
}: {
  page: Page;
  phone: string;
  name: string;
  /** A JPEG of the business card. */
  card: Buffer;
}): Promise<number> {
  const before = lastSmsCode(phone);
  const sent = await page.request.post('/api/v1/auth/authPhone', {
    data: { phone_number: phone, is_login: 'N' },
  });
  if ((await sent.json()).code !== 0) throw new Error(`authPhone failed: ${await sent.text()}`);
  const code = await waitForSmsCode(phone, before);
  const quiz = await page.request.post('/api/v1/auth/getCertQuestionList', { data: {} });
  const questions = (
    (await quiz.json()) as { data: { list: Array<{ f_idx: number; f_answer_list: string[] }> } }
  ).data.list;
  const answers = questions.map((q) => {
    const answer = q.f_answer_list.findIndex((a) => QUIZ_ANSWERS.includes(a));
    if (answer < 0) throw new Error(`no known answer for quiz question ${q.f_idx}`);
    return { f_idx: q.f_idx, answer };
  });
  const res = await page.request.post('/api/v1/auth/signUp', {
    multipart: {
      business_card: { name: 'card.jpg', mimeType: 'image/jpeg', buffer: card },
      affiliation: '판교 신규 공인중개사',
      name,
      phone_number: phone,
      code,
      answer_list: JSON.stringify(answers),
    },
  });
  const body = (await res.json()) as { code: number; msg: string; data: { uid: number } };
  if (body.code !== 0) throw new Error(`signUp failed: ${JSON.stringify(body)}`);
  return body.data.uid;
}

/**
 * A new deploy of the service worker script: the server sends the build's compressed copies to a
 * browser that accepts them, so a deploy replaces those too. Returns the undo.
 */
export function deployNewServiceWorker(swFile = 'dist/sw.js'): () => void {
  const files = [swFile, `${swFile}.br`, `${swFile}.gz`];
  const originals = files.map((file) => readFileSync(file));
  const deployed = Buffer.from(`${readFileSync(swFile, 'utf8')}\n// deploy ${Date.now()}\n`);
  writeFileSync(swFile, deployed);
  writeFileSync(`${swFile}.br`, brotliCompressSync(deployed));
  writeFileSync(`${swFile}.gz`, gzipSync(deployed));
  return () => {
    files.forEach((file, i) => {
      const original = originals[i];
      if (original) writeFileSync(file, original);
    });
  };
}

/** Every row of one store of one of the app's IndexedDB databases. */
export function readStore(page: Page, db: string, store: string): Promise<Array<Record<string, unknown>>> {
  return page.evaluate(
    ({ db, store }) =>
      new Promise<Array<Record<string, unknown>>>((resolve, reject) => {
        const open = indexedDB.open(db);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const req = open.result.transaction(store).objectStore(store).getAll();
          req.onsuccess = () => {
            open.result.close();
            resolve(req.result as Array<Record<string, unknown>>);
          };
          req.onerror = () => reject(req.error);
        };
      }),
    { db, store },
  );
}
