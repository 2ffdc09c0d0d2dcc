import { TICKET_EXPIRED } from '../../sync/api/points.api.ts';
import type { Clock } from '../clock.ts';
import type { DbOrTx } from '../db/database.ts';
import { ruleViolation } from '../http/errors.ts';
import { defineMessages } from '../http/messages.ts';
import { readSettingFast } from '../settings/settings.repository.ts';
import type { User } from '../users/users.tables.ts';

export const ticketMessages = defineMessages({
  usageExpired: {
    ko: '이용권이 만료되었습니다. 이용권을 구매해 주세요.',
    en: 'Your usage ticket has expired. Please buy a usage plan.',
  },
  noTicketYet: {
    ko: '아직 이용권이 없습니다. 이용권을 선택하면 지도 검색, 알림 보내기, 커뮤니티 글쓰기를 이용할 수 있습니다.',
    en: 'You do not have a usage ticket yet. Choose a plan to search the map, send notifications and post in the community.',
  },
});

/** The reason the client reads to offer the usage extension (spec §4 Ticket); declared in the shared contract. */
export { TICKET_EXPIRED };

/** Spec §4: the ticket is usable while the usage date is in the future; ticket_price F makes it free. */
export async function hasValidTicket({ ctx, user }: { ctx: { db: DbOrTx; clock: Clock }; user: User }) {
  if ((await readSettingFast({ db: ctx.db, key: 'ticket_price' })) === 'F') return true;
  return user.f_usage_date !== null && new Date(user.f_usage_date) > ctx.clock.now();
}

export async function requireTicket({ ctx, user }: { ctx: { db: DbOrTx; clock: Clock }; user: User }) {
  if (await hasValidTicket({ ctx, user })) return;
  // A member who never had a ticket is not told it expired (issue 30): the same offer of the plans.
  const never = user.f_usage_date === null;
  throw ruleViolation(never ? ticketMessages.noTicketYet : ticketMessages.usageExpired, {
    status: 402,
    data: { reason: TICKET_EXPIRED, ticket: never ? 'none' : 'expired' },
  });
}
