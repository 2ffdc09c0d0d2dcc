import { afterEach, describe, expect, it } from 'vitest';
import type { Inquiry } from '../../sync/api/inquiries.api.ts';
import type { Page } from '../../sync/api/page.ts';
import { ResultCode } from '../../sync/codes.ts';
import { admin, member } from '../community/community.fixtures.ts';
import { createTestApp, type TestApp } from '../testing/fixtures.ts';
import { ask, inquiryBody } from './inquiries.fixtures.ts';

/** Spec §4 Inquiry, §5, §6 on the inquiry board, as the server decides them. */

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

const SECRET_WORDS = ['환불받고', '110-123-456789', '이용권 환불 문의'];

async function written(): Promise<string> {
  return JSON.stringify(await t.handle.all('SELECT * FROM inquiries ORDER BY f_idx'));
}

describe('a secret inquiry', () => {
  it('never reaches another agent or a visitor: not in the list, a search or the detail', async () => {
    t = await createTestApp();
    const author = await member(t);
    const other = await member(t);
    const moderator = await admin(t, '4');
    const secret = await ask(t, author, { secret: 'Y' });
    await t.call('/inquire/sendInquireAnswer', {
      token: moderator.token,
      body: { inquire_idx: secret, answer: '환불 계좌로 입금했습니다.' },
    });
    await ask(t, other, { title: '공개 문의', content: '현장 등록 방법', secret: 'N' });
    const responses: unknown[] = [];
    for (const token of [other.token, undefined]) {
      const call = (path: string, body: object) => t.call(path, { ...(token ? { token } : {}), body });
      const listed = await call('/inquire/getInquireList', {});
      expect((listed.data as Page<Inquiry>).total).toBe(2);
      const row = (listed.data as Page<Inquiry>).list.find((i) => i.f_idx === secret);
      expect(row).toMatchObject({ f_secret: 'Y', locked: true, f_title: '', f_content: '', f_answer: '' });
      responses.push(listed);
      for (const column of ['title', 'content']) {
        for (const keyword of ['환불', '이용권']) {
          const found = await call('/inquire/getInquireList', { column, keyword });
          expect((found.data as Page<Inquiry>).total, `${column} ${keyword}`).toBe(0);
          responses.push(found);
        }
      }
      const detail = await call('/inquire/getInquireDetail', { inquire_idx: secret });
      expect(detail.code).toBe(ResultCode.apiError);
      responses.push(detail);
    }
    const text = JSON.stringify(responses);
    for (const words of [...SECRET_WORDS, '입금했습니다']) expect(text).not.toContain(words);
  });

  it('opens for its author and a moderating admin, who also sees the author’s phone', async () => {
    t = await createTestApp();
    const author = await member(t, { f_phone: '01077778888' });
    const moderator = await admin(t, '4');
    const secret = await ask(t, author, { secret: 'Y' });
    const mine = await t.call<Inquiry>('/inquire/getInquireDetail', {
      token: author.token,
      body: { inquire_idx: secret },
    });
    expect(mine.data).toMatchObject({ f_title: inquiryBody.title, locked: false, f_user_phone: '' });
    const moderated = await t.call<Inquiry>('/inquire/getInquireDetail', {
      token: moderator.token,
      body: { inquire_idx: secret },
    });
    expect(moderated.data).toMatchObject({ f_content: inquiryBody.content, f_user_phone: '01077778888' });
  });
});

describe('inquiry rules (spec §5)', () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['a title', { title: ' ' }, '제목을 입력해 주세요.'],
    ['content', { content: '' }, '내용을 입력해 주세요.'],
  ];
  for (const [what, change, message] of cases) {
    it(`refuses an inquiry without ${what}, with its message, writing nothing (new or edited)`, async () => {
      t = await createTestApp();
      const author = await member(t);
      const existing = await ask(t, author);
      const before = await written();
      const added = await t.call('/inquire/addInquire', {
        token: author.token,
        body: { ...inquiryBody, ...change },
      });
      expect(added).toMatchObject({ code: ResultCode.apiError, msg: message });
      const edited = await t.call('/inquire/updateInquire', {
        token: author.token,
        body: { ...inquiryBody, ...change, inquire_idx: existing },
      });
      expect(edited).toMatchObject({ code: ResultCode.apiError, msg: message });
      expect(await written()).toBe(before);
    });
  }

  it('refuses an empty answer with its message and leaves the inquiry unanswered', async () => {
    t = await createTestApp();
    const author = await member(t);
    const moderator = await admin(t, '4');
    const idx = await ask(t, author);
    const before = await written();
    const res = await t.call('/inquire/sendInquireAnswer', {
      token: moderator.token,
      body: { inquire_idx: idx, answer: '   ' },
    });
    expect(res).toMatchObject({ code: ResultCode.apiError, msg: '답변 내용을 입력해 주세요.' });
    expect(await written()).toBe(before);
  });

  it('an answer makes the inquiry answered, and its author reads it', async () => {
    t = await createTestApp();
    const author = await member(t);
    const moderator = await admin(t, '4');
    const idx = await ask(t, author, { secret: 'Y' });
    const answered = await t.call<Inquiry>('/inquire/sendInquireAnswer', {
      token: moderator.token,
      body: { inquire_idx: idx, answer: '처리했습니다.' },
    });
    expect(answered.msg).toBe('답변이 등록되었습니다.');
    const mine = await t.call<Page<Inquiry>>('/inquire/getInquireList', {
      token: author.token,
      body: { mine: 'Y' },
    });
    expect(mine.data.list[0]).toMatchObject({ f_status: 'A', f_answer: '처리했습니다.' });
  });

  it('pages 20 inquiries at a time, newest first', async () => {
    t = await createTestApp();
    const author = await member(t);
    for (let i = 1; i <= 21; i++) await ask(t, author, { title: `문의 ${i}` });
    const first = await t.call<Page<Inquiry>>('/inquire/getInquireList', { body: {} });
    expect(first.data).toMatchObject({ total: 21, page_count: 2, limit: 20 });
    expect(first.data.list[0]?.f_title).toBe('문의 21');
    const second = await t.call<Page<Inquiry>>('/inquire/getInquireList', { body: { page_num: 2 } });
    expect(second.data.list.map((i) => i.f_title)).toEqual(['문의 1']);
  });
});
