import { defineMessages } from '../http/messages.ts';

export const communityMessages = defineMessages({
  published: { ko: '등록되었습니다.', en: 'Posted.' },
  saved: { ko: '저장되었습니다.', en: 'Saved.' },
  deleted: { ko: '삭제되었습니다.', en: 'Deleted.' },
  phoneRequired: { ko: '연락처를 입력해 주세요.', en: 'Please enter a phone number.' },
  titleRequired: { ko: '제목을 입력해 주세요.', en: 'Please enter a title.' },
  contentRequired: { ko: '내용을 입력해 주세요.', en: 'Please enter the content.' },
  agreeRequired: {
    ko: '허위 내용이 없음에 동의해 주세요.',
    en: 'Please agree that the post is honest.',
  },
  commentRequired: { ko: '댓글 내용을 입력해 주세요.', en: 'Please enter a comment.' },
  noticeAdminOnly: { ko: '공지사항은 관리자만 작성할 수 있습니다.', en: 'Only admins write notices.' },
  dailyLimit: {
    ko: '오늘은 더 이상 글을 쓸 수 없습니다. (하루 {limit}개)',
    en: 'You cannot post any more today ({limit} a day).',
  },
  postNotFound: { ko: '게시글을 찾을 수 없습니다.', en: 'The post was not found.' },
  commentNotFound: { ko: '댓글을 찾을 수 없습니다.', en: 'The comment was not found.' },
  notYours: {
    ko: '작성자 또는 관리자만 수정하거나 삭제할 수 있습니다.',
    en: 'Only the writer or an admin may edit or delete it.',
  },
  alreadyReported: { ko: '이미 신고한 게시글입니다.', en: 'You already reported this post.' },
  ownPost: { ko: '본인의 글입니다.', en: 'This is your own post.' },
  // Push type 7 (a comment on the member's post): sent in Korean, the app's language.
  commentPushTitle: { ko: '내 글에 댓글: {title}', en: 'A comment on your post: {title}' },
  commentPushBody: { ko: '{name}: {comment}', en: '{name}: {comment}' },
  anonymous: { ko: '익명', en: 'Anonymous' },
});
