import { defineMessages } from '../http/messages.ts';

export const groupMessages = defineMessages({
  notGroupMember: { ko: '그룹 회원이 아닙니다.', en: 'You are not a member of this group.' },
  created: { ko: '그룹을 만들었습니다.', en: 'The group was created.' },
  renamed: { ko: '그룹 이름을 바꿨습니다.', en: 'The group was renamed.' },
  left: { ko: '그룹에서 나왔습니다.', en: 'You left the group.' },
  memberAdded: { ko: '그룹 회원을 추가했습니다.', en: 'The member was added to the group.' },
  memberRemoved: { ko: '그룹 회원을 삭제했습니다.', en: 'The member was removed from the group.' },
  shared: { ko: '현장을 그룹에 공유했습니다.', en: 'The site is now shared with the group.' },
  released: { ko: '그룹 공유를 해제했습니다.', en: 'The site is no longer shared with a group.' },
  onlyOwnerRenames: {
    ko: '그룹 이름은 그룹장만 바꿀 수 있습니다.',
    en: 'Only the owner of the group can rename it.',
  },
  onlyOwnerRemoves: {
    ko: '다른 회원은 그룹장만 삭제할 수 있습니다.',
    en: 'Only the owner of the group can remove other members.',
  },
  noSuchAgent: {
    ko: '이 번호로 가입한 회원이 없습니다.',
    en: 'No member has signed up with this phone number.',
  },
  alreadyMember: { ko: '이미 그룹 회원입니다.', en: 'This member is already in the group.' },
  /** Spec §8 'no group': a member delete whose phone is not in the group. */
  notInGroup: {
    ko: '그룹에 없는 번호입니다.',
    en: 'No member of the group has this phone number.',
  },
  notShareable: {
    ko: '등록을 마친 현장만 그룹에 공유할 수 있습니다.',
    en: 'Only a registered site can be shared with a group.',
  },
});
