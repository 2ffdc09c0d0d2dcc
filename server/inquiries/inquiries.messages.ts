import { defineMessages } from '../http/messages.ts';

export const inquiryMessages = defineMessages({
  saved: { ko: '저장되었습니다.', en: 'Saved.' },
  answered: { ko: '답변이 등록되었습니다.', en: 'Answer saved.' },
  deleted: { ko: '삭제되었습니다.', en: 'Deleted.' },
  titleRequired: { ko: '제목을 입력해 주세요.', en: 'Please enter a title.' },
  contentRequired: { ko: '내용을 입력해 주세요.', en: 'Please enter the content.' },
  answerRequired: { ko: '답변 내용을 입력해 주세요.', en: 'Please enter an answer.' },
  notFound: { ko: '문의를 찾을 수 없습니다.', en: 'The inquiry was not found.' },
  notYours: {
    ko: '작성자 또는 관리자만 수정하거나 삭제할 수 있습니다.',
    en: 'Only the writer or an admin may edit or delete it.',
  },
  secret: {
    ko: '비밀글은 작성자와 관리자만 볼 수 있습니다.',
    en: 'Only the writer and admins may read a secret inquiry.',
  },
});
