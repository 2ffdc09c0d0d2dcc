import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../sync/codes.ts';
import { type Actor, admin, member } from '../community/community.fixtures.ts';
import { createTestApp, type TestApp } from '../testing/fixtures.ts';
import { ask, inquiryBody } from './inquiries.fixtures.ts';

/**
 * Spec §6 on inquiries, as a matrix: every inquiry operation for a visitor (no session), the
 * inquiry's author, another agent, an admin without the write tab and an admin holding it. The
 * target is a secret inquiry of the author's. A refusal writes nothing.
 */

type Who = 'visitor' | 'author' | 'other' | 'adminNoTab' | 'adminTab';
const everyone: readonly Who[] = ['visitor', 'author', 'other', 'adminNoTab', 'adminTab'];
const label: Record<Who, string> = {
  visitor: 'a visitor',
  author: 'the author',
  other: 'another agent',
  adminNoTab: 'an admin without the write tab',
  adminTab: 'an admin holding it',
};

let t: TestApp;
let actors: Record<Exclude<Who, 'visitor'>, Actor>;

beforeAll(async () => {
  t = await createTestApp();
  actors = {
    author: await member(t),
    other: await member(t),
    adminNoTab: await admin(t, '0,1'),
    adminTab: await admin(t, '4'),
  };
});

afterAll(async () => {
  await t?.close();
});

async function rpc({ who, path, body = {} }: { who: Who; path: string; body?: unknown }): Promise<number> {
  const token = who === 'visitor' ? undefined : actors[who].token;
  return (await t.call(path, { ...(token ? { token } : {}), body })).code;
}

interface Case {
  op: string;
  run: (who: Who, inquiry: number) => Promise<number>;
  expect: Record<Who, number>;
}

const ok = 0;
const refused = ResultCode.apiError;
const noToken = ResultCode.tokenEmpty;
const authorOrModerator = { visitor: noToken, author: ok, other: refused, adminNoTab: refused, adminTab: ok };

const cases: Case[] = [
  {
    op: 'getInquireList',
    run: (who) => rpc({ who, path: '/inquire/getInquireList' }),
    expect: { visitor: ok, author: ok, other: ok, adminNoTab: ok, adminTab: ok },
  },
  {
    op: 'getInquireDetail of a secret inquiry',
    run: (who, inquiry) => rpc({ who, path: '/inquire/getInquireDetail', body: { inquire_idx: inquiry } }),
    expect: { visitor: refused, author: ok, other: refused, adminNoTab: refused, adminTab: ok },
  },
  {
    op: 'addInquire',
    run: (who) => rpc({ who, path: '/inquire/addInquire', body: inquiryBody }),
    expect: { visitor: noToken, author: ok, other: ok, adminNoTab: ok, adminTab: ok },
  },
  {
    op: 'updateInquire of the author’s inquiry',
    run: (who, inquiry) =>
      rpc({
        who,
        path: '/inquire/updateInquire',
        body: { ...inquiryBody, inquire_idx: inquiry, title: '수정' },
      }),
    expect: authorOrModerator,
  },
  {
    op: 'removeInquire of the author’s inquiry',
    run: (who, inquiry) => rpc({ who, path: '/inquire/removeInquire', body: { idx_list: [inquiry] } }),
    expect: authorOrModerator,
  },
  {
    op: 'sendInquireAnswer',
    run: (who, inquiry) =>
      rpc({ who, path: '/inquire/sendInquireAnswer', body: { inquire_idx: inquiry, answer: '답변입니다' } }),
    expect: { visitor: noToken, author: refused, other: refused, adminNoTab: refused, adminTab: ok },
  },
];

function title(c: Case): string {
  const allowed = everyone.filter((w) => c.expect[w] === ok).map((w) => label[w]);
  const denied = everyone.filter((w) => c.expect[w] !== ok).map((w) => `${label[w]} gets ${c.expect[w]}`);
  return `${c.op}: ${[allowed.length ? `${allowed.join(', ')} may` : 'nobody may', ...denied].join('; ')}`;
}

describe('inquiry permissions (spec §6)', () => {
  for (const c of cases) {
    it(title(c), async () => {
      for (const who of everyone) {
        const inquiry = await ask(t, actors.author, { secret: 'Y' });
        expect(await c.run(who, inquiry), `${c.op} by ${label[who]}`).toBe(c.expect[who]);
      }
    });
  }

  it('a refused edit, answer or delete writes nothing', async () => {
    const inquiry = await ask(t, actors.author, { secret: 'Y' });
    const snapshot = async () => JSON.stringify(await t.handle.all('SELECT * FROM inquiries ORDER BY f_idx'));
    for (const who of ['visitor', 'other', 'adminNoTab'] as const) {
      const before = await snapshot();
      await rpc({
        who,
        path: '/inquire/updateInquire',
        body: { ...inquiryBody, inquire_idx: inquiry, title: 'x' },
      });
      await rpc({ who, path: '/inquire/sendInquireAnswer', body: { inquire_idx: inquiry, answer: '답' } });
      await rpc({ who, path: '/inquire/removeInquire', body: { idx_list: [inquiry] } });
      expect(await snapshot(), `${label[who]} wrote`).toBe(before);
    }
  });
});
