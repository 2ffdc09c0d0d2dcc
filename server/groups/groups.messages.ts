import { defineMessages } from '../http/messages.ts';

export const groupMessages = defineMessages({
  notGroupMember: { ko: '그룹 회원이 아닙니다.', en: 'You are not a member of this group.' },
});
