import { defineMessages } from '../http/messages.ts';

export const notifyMessages = defineMessages({
  sent: { ko: '{count}명에게 알림을 보냈습니다.', en: 'Notification sent to {count} members.' },
  saved: { ko: '저장되었습니다.', en: 'Saved.' },
  autoOn: { ko: '자동 발송을 켰습니다.', en: 'Automatic sending is on.' },
  autoOff: { ko: '자동 발송을 껐습니다.', en: 'Automatic sending is off.' },
  deleted: { ko: '삭제되었습니다.', en: 'Deleted.' },
  titleRequired: { ko: '제목을 입력해 주세요.', en: 'Please enter a title.' },
  siteRequired: { ko: '알림을 보낼 현장을 선택해 주세요.', en: 'Please choose the site.' },
  contentRequired: { ko: '내용을 입력해 주세요.', en: 'Please enter the content.' },
  siteNotFound: {
    ko: '삭제되었거나 볼 수 없는 현장입니다.',
    en: 'This site was deleted or is hidden.',
  },
  perSiteLimit: {
    ko: '이 현장의 오늘 알림은 {limit}건까지 보낼 수 있습니다.',
    en: 'You can send up to {limit} notifications for this site a day.',
  },
  notFound: { ko: '알림을 찾을 수 없습니다.', en: 'Notification not found.' },
  notYours: {
    ko: '본인이 작성한 알림만 수정할 수 있습니다.',
    en: 'You can only edit your own notifications.',
  },
  notAuto: { ko: '자동 알림이 아닙니다.', en: 'This is not an automatic notification.' },
});
