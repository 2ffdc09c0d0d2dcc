import type { Actor } from '../community/community.fixtures.ts';
import type { TestApp } from '../testing/fixtures.ts';

export const inquiryBody = {
  type: 'U',
  title: '이용권 환불 문의',
  content: '결제한 이용권을 환불받고 싶습니다. 계좌 110-123-456789',
  secret: 'N',
} as const;

export async function ask(t: TestApp, who: Actor, body: Record<string, unknown> = {}): Promise<number> {
  const res = await t.call<{ f_idx: number }>('/inquire/addInquire', {
    token: who.token,
    body: { ...inquiryBody, ...body },
  });
  if (res.code !== 0) throw new Error(`addInquire answered ${res.code} ${res.msg}`);
  return res.data.f_idx;
}
