import type SQLite from 'better-sqlite3';
import type { CommunityType, InquiryType } from '../../sync/community/rules.ts';
import { pinnedUntil } from '../../sync/community/rules.ts';
import { DAY_MS, seoulDate } from '../clock.ts';

/**
 * Demo posts and inquiries so the boards show something real: posts in every category with
 * comments (one anonymous), a made+ post still pinned (its points taken through the point log, so a
 * balance still equals the sum of its log), and inquiries: one answered, one secret. Everything but
 * the pinned post is from the days before the demo starts, so no agent's daily limit is used up.
 */

interface DemoPost {
  by: number | 'admin';
  type: CommunityType;
  title: string;
  content: string;
  hoursAgo: number;
  anony?: boolean;
  made?: boolean;
  comments: Array<{ by: number; text: string; anony?: boolean }>;
}

const posts: DemoPost[] = [
  {
    by: 'admin',
    type: 'N',
    title: '분양톡 커뮤니티 이용 안내',
    content: '허위 매물, 광고성 글은 예고 없이 삭제됩니다. 서로 존중하는 커뮤니티를 만들어 주세요.',
    hoursAgo: 120,
    comments: [{ by: 1, text: '확인했습니다.' }],
  },
  {
    by: 'admin',
    type: 'N',
    title: '12월 정기 점검 안내',
    content: '12월 3일 02:00~04:00 서버 점검이 있습니다. 점검 중에는 앱 사용이 제한됩니다.',
    hoursAgo: 48,
    comments: [],
  },
  {
    by: 0,
    type: 'S',
    title: '강남역 인근 오피스텔 신규 현장 찾습니다',
    content: '전용 20평대, 분양가 5억 이하 현장 정보 있으시면 공유 부탁드립니다.',
    hoursAgo: 30,
    comments: [
      { by: 3, text: '역삼동에 다음 달 오픈 현장 있습니다. 쪽지 드릴게요.' },
      { by: 1, text: '저도 관심 있습니다.' },
    ],
  },
  {
    by: 1,
    type: 'S',
    title: '분당 정자동 빌라 현장 문의',
    content: '정자동 신축 빌라 분양 현장 아시는 분 계신가요?',
    hoursAgo: 52,
    comments: [{ by: 4, text: '정자역 3번 출구 쪽에 하나 있습니다.' }],
  },
  {
    by: 3,
    type: 'W',
    title: '분양 상담사 구합니다 (수원 영통)',
    content: '주 5일 모델하우스 상담, 경력 1년 이상 우대. 연락 주세요.',
    hoursAgo: 26,
    comments: [{ by: 5, text: '지원하고 싶습니다. 연락드릴게요.' }],
  },
  {
    by: 4,
    type: 'W',
    title: '주말 현장 도우미 구합니다',
    content: '송파 잠실 현장 토/일 오전 10시~오후 6시.',
    hoursAgo: 75,
    anony: true,
    comments: [{ by: 0, text: '일당이 어떻게 되나요?', anony: true }],
  },
  {
    by: 1,
    type: 'R',
    title: '요즘 분양 시장 분위기 어떤가요',
    content: '다들 계약 잘 나오시나요? 저희 쪽은 문의가 많이 줄었네요.',
    hoursAgo: 28,
    comments: [
      { by: 5, text: '저희도 비슷합니다.' },
      { by: 2, text: '신규 현장은 그래도 문의가 꾸준해요.' },
    ],
  },
  {
    by: 5,
    type: 'R',
    title: '고양 일산 맛집 추천',
    content: '현장 근처 점심 먹을 곳 추천 부탁드려요.',
    hoursAgo: 96,
    comments: [],
  },
  {
    by: 2,
    type: 'S',
    title: '[급매] 마포 공덕 신축 잔여 세대 있습니다',
    content: '84타입 잔여 3세대, 계약금 정액제. 공동중개 환영합니다.',
    hoursAgo: 1,
    made: true,
    comments: [{ by: 0, text: '공동중개 문의드립니다.' }],
  },
];

interface DemoInquiry {
  by: number;
  type: InquiryType;
  title: string;
  content: string;
  secret: boolean;
  answer?: string;
  daysAgo: number;
}

const inquiries: DemoInquiry[] = [
  {
    by: 0,
    type: 'U',
    title: '현장 등록은 어떻게 하나요?',
    content: '신규분양 현장을 등록하려면 어떤 정보가 필요한가요?',
    secret: false,
    answer: '더보기 > 매물 등록에서 현장명, 주소, 연락처를 입력하면 등록할 수 있습니다.',
    daysAgo: 6,
  },
  {
    by: 1,
    type: 'P',
    title: '포인트 환불 문의',
    content: '잘못 충전한 포인트를 환불받고 싶습니다. 결제일은 지난주 금요일입니다.',
    secret: true,
    daysAgo: 2,
  },
  {
    by: 4,
    type: 'A',
    title: '알림이 오지 않습니다',
    content: '푸시 알림 설정을 켰는데 알림이 오지 않아요.',
    secret: false,
    daysAgo: 1,
  },
];

export function seedCommunity({
  sqlite,
  now,
  agentIds,
  adminIdx,
}: {
  sqlite: SQLite.Database;
  now: Date;
  agentIds: readonly number[];
  adminIdx: number;
}): void {
  const who = (by: number | 'admin') => {
    const idx = by === 'admin' ? adminIdx : agentIds[by];
    if (idx === undefined) throw new Error(`demo agent ${by} is missing`);
    return idx;
  };
  const phoneOf = sqlite.prepare('SELECT f_phone FROM users WHERE f_idx = ?').pluck();
  const madeCost = Number(
    sqlite.prepare("SELECT value FROM app_settings WHERE key = 'community_made_point'").pluck().get() ?? 0,
  );
  const addPost = sqlite.prepare(
    `INSERT INTO community_posts (f_type, f_title, f_content, f_phone, f_anony, f_made, f_made_until, f_push,
      f_image_url, f_user_idx, f_reg_time, f_reg_day) VALUES (?, ?, ?, ?, ?, ?, ?, 'N', '[]', ?, ?, ?)`,
  );
  const addComment = sqlite.prepare(
    `INSERT INTO community_comments (f_community_idx, f_comment, f_anony, f_user_idx, f_reg_time)
     VALUES (?, ?, ?, ?, ?)`,
  );
  const charge = sqlite.prepare(
    `UPDATE users SET f_point = f_point - ? WHERE f_idx = ? AND f_point >= ? RETURNING f_point`,
  );
  const log = sqlite.prepare(
    `INSERT INTO point_logs (f_user_idx, f_reg_time, f_type, f_point, f_point_final, f_reason, f_memo, f_ref)
     VALUES (?, ?, 'U', ?, ?, 'community_made', '', ?)`,
  );
  const addInquiry = sqlite.prepare(
    `INSERT INTO inquiries (f_type, f_title, f_content, f_secret, f_answer, f_answer_time, f_answer_admin_idx,
      f_user_idx, f_reg_time) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  sqlite.transaction(() => {
    for (const post of posts) {
      const at = new Date(now.getTime() - post.hoursAgo * 60 * 60 * 1000);
      const userIdx = who(post.by);
      const postIdx = Number(
        addPost.run(
          post.type,
          post.title,
          post.content,
          phoneOf.get(userIdx),
          post.anony ? 'Y' : 'N',
          post.made ? 'Y' : 'N',
          post.made ? pinnedUntil(at).toISOString() : null,
          userIdx,
          at.toISOString(),
          seoulDate(at),
        ).lastInsertRowid,
      );
      post.comments.forEach((comment, i) => {
        const commentAt = new Date(at.getTime() + (i + 1) * 10 * 60 * 1000);
        addComment.run(
          postIdx,
          comment.text,
          comment.anony ? 'Y' : 'N',
          who(comment.by),
          commentAt.toISOString(),
        );
      });
      if (post.made && madeCost > 0) {
        const balance = charge.pluck().get(madeCost, userIdx, madeCost) as number | undefined;
        if (balance === undefined) throw new Error('the demo made+ writer cannot pay for it');
        log.run(userIdx, at.toISOString(), madeCost, balance, `community_made:${postIdx}`);
      }
    }
    for (const inquiry of inquiries) {
      const at = new Date(now.getTime() - inquiry.daysAgo * DAY_MS);
      const answeredAt = inquiry.answer ? new Date(at.getTime() + 3 * 60 * 60 * 1000).toISOString() : null;
      addInquiry.run(
        inquiry.type,
        inquiry.title,
        inquiry.content,
        inquiry.secret ? 'Y' : 'N',
        inquiry.answer ?? '',
        answeredAt,
        inquiry.answer ? adminIdx : null,
        who(inquiry.by),
        at.toISOString(),
      );
    }
  })();
}
