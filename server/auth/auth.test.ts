import { afterEach, describe, expect, it } from 'vitest';
import { ResultCode } from '../../sync/codes.ts';
import { fixedClock } from '../clock.ts';
import { emptySiteColumns } from '../sites/sites.tables.ts';
import {
  createTestApp,
  insertUser,
  jpegWithGps,
  login,
  requestCode,
  type TestApp,
} from '../testing/fixtures.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

const phone = '01055550001';
const clock = () => fixedClock('2026-11-21T01:00:00.000Z');

describe('phone codes', () => {
  it('sends a six-digit code and keeps only its hash', async () => {
    t = await createTestApp();
    await insertUser(t, { f_phone: phone });
    const code = await requestCode(t, phone);
    expect(code).toMatch(/^\d{6}$/);
    const rows = await t.deps.db.selectFrom('phone_codes').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.code_hash).not.toContain(code);
    expect(rows[0]?.code_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('says to request a code first when none was requested', async () => {
    t = await createTestApp();
    const res = await t.call('/auth/checkPhoneAuthCode', { body: { phone_number: phone, code: '123456' } });
    expect(res.code).toBe(ResultCode.apiError);
    expect(res.msg).toBe('인증번호를 먼저 요청해 주세요.');
  });

  it('tells a wrong code from an expired one', async () => {
    const c = clock();
    t = await createTestApp({ clock: c });
    await insertUser(t, { f_phone: phone });
    const code = await requestCode(t, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await t.call('/auth/checkPhoneAuthCode', { body: { phone_number: phone, code: wrong } });
    expect(bad.msg).toBe('인증번호가 올바르지 않습니다.');
    c.advance(181_000);
    const late = await t.call('/auth/checkPhoneAuthCode', { body: { phone_number: phone, code } });
    expect(late.msg).toBe('인증 시간이 초과되었습니다. 인증번호를 다시 요청해 주세요.');
  });

  it('accepts the right code within 180 seconds', async () => {
    const c = clock();
    t = await createTestApp({ clock: c });
    await insertUser(t, { f_phone: phone });
    const code = await requestCode(t, phone);
    c.advance(179_000);
    const res = await t.call('/auth/checkPhoneAuthCode', { body: { phone_number: phone, code } });
    expect(res).toMatchObject({ code: 0, data: { verified: true } });
  });

  it('sends at most five codes per phone per hour', async () => {
    const c = clock();
    t = await createTestApp({ clock: c });
    await insertUser(t, { f_phone: phone });
    for (let i = 0; i < 5; i++) await requestCode(t, phone);
    const sixth = await t.call('/auth/authPhone', { body: { phone_number: phone } });
    expect(sixth.code).toBe(ResultCode.apiError);
    expect(sixth.status).toBe(429);
    expect(sixth.msg).toContain('1시간');
    expect(t.smsSent).toHaveLength(5);
    c.advance(3601_000);
    expect((await t.call('/auth/authPhone', { body: { phone_number: phone } })).code).toBe(0);
  });

  it('refuses a code after ten wrong tries, even the right one', async () => {
    t = await createTestApp();
    await insertUser(t, { f_phone: phone });
    const code = await requestCode(t, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 10; i++)
      await t.call('/auth/checkPhoneAuthCode', { body: { phone_number: phone, code: wrong } });
    const res = await t.call('/auth/checkPhoneAuthCode', { body: { phone_number: phone, code } });
    expect(res.msg).toContain('10회');
    expect(
      (await t.call('/auth/login', { body: { phone_number: phone, code, device_id: 'device-aaaaaaaa' } }))
        .code,
    ).toBe(ResultCode.apiError);
  });

  it('checks no more than ten of thirty codes sent at once, and then refuses even the right one', async () => {
    t = await createTestApp();
    await insertUser(t, { f_phone: phone });
    const code = await requestCode(t, phone);
    const guesses = Array.from({ length: 30 }, (_, i) =>
      String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
    );
    const answers = await Promise.all(
      guesses.map((guess) =>
        t.call('/auth/checkPhoneAuthCode', { body: { phone_number: phone, code: guess } }),
      ),
    );
    expect(answers.filter((a) => a.status === 429)).toHaveLength(20);
    expect(answers.filter((a) => a.status !== 429).every((a) => a.code === ResultCode.apiError)).toBe(true);
    const right = await t.call('/auth/checkPhoneAuthCode', { body: { phone_number: phone, code } });
    expect(right.status).toBe(429);
    expect(right.msg).toContain('10회');
  });

  it('only accepts the newest code', async () => {
    t = await createTestApp();
    await insertUser(t, { f_phone: phone });
    const first = await requestCode(t, phone);
    const second = await requestCode(t, phone);
    if (first !== second) {
      const res = await t.call('/auth/checkPhoneAuthCode', { body: { phone_number: phone, code: first } });
      expect(res.code).toBe(ResultCode.apiError);
    }
    expect(
      (await t.call('/auth/checkPhoneAuthCode', { body: { phone_number: phone, code: second } })).code,
    ).toBe(0);
  });

  it('tells an unknown number to join first', async () => {
    t = await createTestApp();
    const res = await t.call('/auth/authPhone', { body: { phone_number: '01099998888', is_login: 'Y' } });
    expect(res.msg).toContain('회원가입');
    expect(t.smsSent).toHaveLength(0);
  });
});

describe('sessions', () => {
  it('signs in with the code and records the login with time, device and IP', async () => {
    t = await createTestApp();
    const uid = await insertUser(t, { f_phone: phone });
    const token = await login(t, phone, 'device-first-1');
    const profile = await t.call<{ uid: number; phone: string }>('/user/getProfile', { token });
    expect(profile).toMatchObject({ code: 0, data: { uid, phone } });
    const logs = await t.deps.db.selectFrom('login_logs').selectAll().execute();
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ f_user_idx: uid, f_device_id: 'device-first-1' });
    expect(logs[0]?.f_time).toBeTruthy();
    expect(logs[0]).toHaveProperty('f_ip');
  });

  it('ends the first device session when the member signs in on a second device (-7)', async () => {
    t = await createTestApp();
    await insertUser(t, { f_phone: phone });
    const first = await login(t, phone, 'device-first-1');
    const second = await login(t, phone, 'device-second-2');
    const old = await t.call('/user/checkSession', { token: first });
    expect(old.code).toBe(ResultCode.otherDeviceLogin);
    expect(old.msg).toContain('다른 기기');
    expect((await t.call('/user/checkSession', { token: second })).code).toBe(0);
  });

  it('keeps the stored token hashed and refuses an expired one with -3', async () => {
    const c = clock();
    t = await createTestApp({ clock: c });
    await insertUser(t, { f_phone: phone });
    const token = await login(t, phone);
    const stored = await t.deps.db.selectFrom('sessions').select('token_hash').executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toBe(token);
    c.advance(31 * 86_400_000);
    expect((await t.call('/user/checkSession', { token })).code).toBe(ResultCode.tokenExpired);
  });

  it('gives -2 to a protected call without a token', async () => {
    t = await createTestApp();
    expect((await t.call('/user/getProfile')).code).toBe(ResultCode.tokenEmpty);
  });

  it('ends the session on logout', async () => {
    t = await createTestApp();
    await insertUser(t, { f_phone: phone });
    const token = await login(t, phone);
    expect((await t.call('/user/logout', { token })).code).toBe(0);
    expect((await t.call('/user/getProfile', { token })).code).toBe(ResultCode.tokenExpired);
  });
});

describe('member limits', () => {
  it('refuses a blocked member at sign-in with its message', async () => {
    t = await createTestApp();
    await insertUser(t, { f_phone: phone, f_status: 'B' });
    const res = await t.call('/auth/authPhone', { body: { phone_number: phone } });
    expect(res.msg).toContain('차단');
    expect(t.smsSent).toHaveLength(0);
  });

  it('refuses a login-limited member until 00:00 of the release date, then lets them in', async () => {
    const c = clock();
    t = await createTestApp({ clock: c });
    await insertUser(t, { f_phone: phone, f_status: 'LL', f_release_date: '2026-11-25T15:00:00.000Z' });
    const res = await t.call('/auth/authPhone', { body: { phone_number: phone } });
    expect(res.msg).toBe('로그인이 제한된 회원입니다. (2026-11-26 00:00 해제)');
    c.set('2026-11-25T15:00:01.000Z');
    const token = await login(t, phone);
    const profile = await t.call<{ status: string }>('/user/getProfile', { token });
    expect(profile.data.status).toBe('N');
  });

  it('refuses every write of a write-limited member with its message, and allows reading', async () => {
    t = await createTestApp();
    await insertUser(t, { f_phone: phone, f_status: 'WL', f_release_date: '2099-01-01T00:00:00.000Z' });
    const token = await login(t, phone);
    const form = new FormData();
    form.append('file', new Blob([await jpegWithGps()], { type: 'image/jpeg' }), 'a.jpg');
    form.append('kind', '1');
    const before = t.changes();
    const upload = await t.call('/upload/image', { token, form });
    expect(upload.msg).toContain('글쓰기가 제한된 회원');
    expect(t.changes()).toBe(before);
    expect((await t.call('/user/getProfile', { token })).code).toBe(0);
  });

  it('gives a write-limited member the Seoul release date, the same as the login limit says', async () => {
    const c = clock();
    t = await createTestApp({ clock: c });
    // Released at 2026-11-26 00:00 in Seoul, which is 15:00 UTC the day before.
    await insertUser(t, { f_phone: phone, f_status: 'WL', f_release_date: '2026-11-25T15:00:00.000Z' });
    const token = await login(t, phone);
    const refused = await t.call('/community/addCommunity', { token, body: {} });
    expect(refused.msg).toBe('글쓰기가 제한된 회원입니다. (2026-11-26 00:00 해제)');
  });
});

async function signUpForm({
  card,
  phoneNumber = phone,
  code,
  answers,
  affiliation = '강남 공인중개사',
  name = '김중개',
}: {
  card?: Blob;
  phoneNumber?: string;
  code: string;
  answers?: Array<{ f_idx: number; answer: number }>;
  affiliation?: string;
  name?: string;
}) {
  const form = new FormData();
  if (card) form.append('business_card', card, 'card.jpg');
  form.append('affiliation', affiliation);
  form.append('name', name);
  form.append('phone_number', phoneNumber);
  form.append('code', code);
  form.append('device_id', 'device-signup-1');
  if (answers) form.append('answer_list', JSON.stringify(answers));
  return form;
}

async function rightAnswers(t: TestApp) {
  const rows = await t.deps.db.selectFrom('cert_questions').select(['f_idx', 'f_correct']).execute();
  return rows.map((r) => ({ f_idx: r.f_idx, answer: r.f_correct }));
}

describe('sign-up', () => {
  it('creates a member under review with the card stored re-encoded and without its GPS position', async () => {
    t = await createTestApp();
    const code = await requestCode(t, phone, 'N');
    const card = new Blob([await jpegWithGps()], { type: 'image/jpeg' });
    const res = await t.call<{ uid: number; approval: string }>('/auth/signUp', {
      form: await signUpForm({ card, code, answers: await rightAnswers(t) }),
    });
    expect(res).toMatchObject({ code: 0, data: { approval: 'P' } });
    const user = await t.deps.db
      .selectFrom('users')
      .selectAll()
      .where('f_phone', '=', phone)
      .executeTakeFirstOrThrow();
    expect(user.f_approval).toBe('P');
    const stored = await t.deps.adapters.storage.read(user.f_business_card ?? '');
    expect(stored).not.toBeNull();
    const sharp = (await import('sharp')).default;
    const meta = await sharp(stored as Uint8Array).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    const answers = await t.deps.db
      .selectFrom('cert_answers')
      .selectAll()
      .where('f_user_idx', '=', user.f_idx)
      .execute();
    expect(answers.every((a) => a.f_answer_status === 'Y')).toBe(true);
  });

  it('refuses a file that only pretends to be a JPEG, and writes no member', async () => {
    t = await createTestApp();
    const code = await requestCode(t, phone, 'N');
    const fake = new Blob(['this is a text file, not a photo'], { type: 'image/jpeg' });
    const before = t.changes();
    const res = await t.call('/auth/signUp', {
      form: await signUpForm({ card: fake, code, answers: await rightAnswers(t) }),
    });
    expect(res.code).toBe(ResultCode.badParameter);
    expect(res.msg).toBe('지원하지 않는 이미지 형식입니다.');
    expect(res.data).toMatchObject({ field: 'business_card' });
    expect(t.changes()).toBe(before);
  });

  it('names each missing field', async () => {
    t = await createTestApp();
    const code = await requestCode(t, phone, 'N');
    const card = new Blob([await jpegWithGps()], { type: 'image/jpeg' });
    const noCard = await t.call('/auth/signUp', { form: await signUpForm({ code }) });
    expect(noCard.data).toMatchObject({ field: 'business_card' });
    const noAffiliation = await t.call('/auth/signUp', {
      form: await signUpForm({ card, code, affiliation: ' ' }),
    });
    expect(noAffiliation.data).toMatchObject({ field: 'affiliation' });
    const noName = await t.call('/auth/signUp', { form: await signUpForm({ card, code, name: '' }) });
    expect(noName.data).toMatchObject({ field: 'name' });
  });

  it('sends a failed answer set back to the quiz with -8 and writes no member', async () => {
    t = await createTestApp();
    const code = await requestCode(t, phone, 'N');
    await t.call('/auth/checkPhoneAuthCode', { body: { phone_number: phone, code } });
    const answers = (await rightAnswers(t)).map((a, i) => (i === 0 ? { ...a, answer: a.answer + 1 } : a));
    const quiz = await t.call('/auth/updateCertAnswer', { body: { phone, answer_list: answers } });
    expect(quiz.code).toBe(ResultCode.certAnswerFailed);
    const card = new Blob([await jpegWithGps()], { type: 'image/jpeg' });
    const res = await t.call('/auth/signUp', { form: await signUpForm({ card, code, answers }) });
    expect(res.code).toBe(ResultCode.certAnswerFailed);
    expect(await t.deps.db.selectFrom('users').selectAll().execute()).toHaveLength(0);
    // The verified code is still good for the retry.
    const retry = await t.call('/auth/signUp', {
      form: await signUpForm({ card, code, answers: await rightAnswers(t) }),
    });
    expect(retry.code).toBe(0);
  });

  it('asks for every question to be answered', async () => {
    t = await createTestApp();
    const code = await requestCode(t, phone, 'N');
    await t.call('/auth/checkPhoneAuthCode', { body: { phone_number: phone, code } });
    const res = await t.call('/auth/updateCertAnswer', {
      body: { phone, answer_list: (await rightAnswers(t)).slice(1) },
    });
    expect(res.msg).toBe('모든 문항에 답해 주세요.');
  });

  it('gives a phone pre-registered by an admin its code with the answer, and lets it skip the quiz', async () => {
    t = await createTestApp();
    await t.deps.db
      .insertInto('preregistered_phones')
      .values({ f_phone: phone, f_added_by: null, f_reg_time: 'x' })
      .execute();
    const sent = await t.call<{ auth: string; code?: string }>('/auth/authPhone', {
      body: { phone_number: phone, is_login: 'N' },
    });
    expect(sent.data.auth).toBe('Y');
    // Spec §4: the code is filled in for the applicant; no SMS is needed for it.
    expect(sent.data.code).toMatch(/^\d{6}$/);
    expect(t.smsSent).toEqual([]);
    const code = sent.data.code ?? '';
    expect((await t.call('/auth/checkPhoneAuthCode', { body: { phone_number: phone, code } })).code).toBe(0);
    const card = new Blob([await jpegWithGps()], { type: 'image/jpeg' });
    const res = await t.call('/auth/signUp', { form: await signUpForm({ card, code }) });
    expect(res.code).toBe(0);
  });

  it('never answers the code of a phone that is not pre-registered, nor of a sign-in', async () => {
    t = await createTestApp();
    const signup = await t.call<{ auth: string; code?: string }>('/auth/authPhone', {
      body: { phone_number: phone, is_login: 'N' },
    });
    expect(signup.data).toEqual({ auth: 'N', expires_in: 180 });
    expect(t.smsSent).toHaveLength(1);

    // A member whose phone is still on the list (registered again after joining) signs in by SMS only.
    await insertUser(t, { f_phone: '01055556666' });
    await t.deps.db
      .insertInto('preregistered_phones')
      .values({ f_phone: '01055556666', f_added_by: null, f_reg_time: 'x' })
      .execute();
    const login = await t.call<{ auth: string; code?: string }>('/auth/authPhone', {
      body: { phone_number: '01055556666', is_login: 'Y' },
    });
    expect(login.code).toBe(0);
    expect(login.data.code).toBeUndefined();
    expect(t.smsSent).toHaveLength(2);
  });

  it('tells a member under review so on protected actions', async () => {
    t = await createTestApp();
    await insertUser(t, { f_phone: phone, f_approval: 'P' });
    const token = await login(t, phone);
    const form = new FormData();
    form.append('file', new Blob([await jpegWithGps()], { type: 'image/jpeg' }), 'a.jpg');
    form.append('kind', '1');
    const res = await t.call('/upload/image', { token, form });
    expect(res.msg).toBe('가입 심사 중입니다. 승인 후 이용할 수 있습니다.');
    expect((await t.call<{ approval: string }>('/user/getProfile', { token })).data.approval).toBe('P');
  });

  it('lets a rejected applicant apply again from the next day, not the same day', async () => {
    const c = clock();
    t = await createTestApp({ clock: c });
    await insertUser(t, { f_phone: phone, f_approval: 'R', f_reject_time: '2026-11-21T00:30:00.000Z' });
    const same = await t.call('/auth/authPhone', { body: { phone_number: phone, is_login: 'N' } });
    expect(same.msg).toContain('내일부터');
    c.set('2026-11-21T15:00:00.000Z'); // 00:00 in Seoul on the 22nd
    const code = await requestCode(t, phone, 'N');
    const card = new Blob([await jpegWithGps()], { type: 'image/jpeg' });
    const res = await t.call('/auth/signUp', {
      form: await signUpForm({ card, code, answers: await rightAnswers(t) }),
    });
    expect(res.code).toBe(0);
    const user = await t.deps.db
      .selectFrom('users')
      .selectAll()
      .where('f_phone', '=', phone)
      .executeTakeFirstOrThrow();
    expect(user.f_approval).toBe('P');
  });

  it('refuses a phone that is already a member', async () => {
    t = await createTestApp();
    await insertUser(t, { f_phone: phone });
    const res = await t.call('/auth/authPhone', { body: { phone_number: phone, is_login: 'N' } });
    expect(res.code).toBe(ResultCode.alreadyExists);
  });
});

describe('withdrawal', () => {
  it('needs the signed-in phone typed again, then frees the number and ends the session', async () => {
    t = await createTestApp();
    const uid = await insertUser(t, { f_phone: phone });
    await t.deps.db
      .insertInto('sites')
      .values({
        ...emptySiteColumns,
        f_name: '테스트 현장',
        f_site_type: 'G',
        f_user_idx: uid,
        f_reg_time: 'x',
        f_update_time: 'x',
        f_latitude: 37.5,
        f_longitude: 127,
      })
      .execute();
    const token = await login(t, phone);
    const wrong = await t.call('/user/exitApp', { token, body: { phone: '01000001111' } });
    expect(wrong.msg).toBe('로그인한 휴대폰 번호를 정확히 입력해 주세요.');
    expect((await t.call('/user/exitApp', { token, body: { phone: '010-5555-0001' } })).code).toBe(0);
    expect((await t.call('/user/getProfile', { token })).code).toBe(ResultCode.tokenExpired);
    const site = await t.deps.db.selectFrom('sites').select('f_status').executeTakeFirstOrThrow();
    expect(site.f_status).toBe('D');
    // The number is free to join again.
    expect((await t.call('/auth/authPhone', { body: { phone_number: phone, is_login: 'N' } })).code).toBe(0);
  });
});
