/**
 * Community board and inquiry board rules (spec §5 Community, Inquiry; §9 made+ and the daily
 * limit), in one place for the form on the device and the server that decides. Each rule answers
 * the name of the first field that fails; the client words it with Lingui, the server with its
 * messages (server/community/community.messages.ts, server/inquiries/inquiries.messages.ts).
 */

/** Community categories of spec §3: N notice (admins only), S find site, W worker job, R free board. */
export const communityTypes = ['N', 'S', 'W', 'R'] as const;
export type CommunityType = (typeof communityTypes)[number];

/** Search columns of the community and inquiry lists. */
export const searchColumns = ['title', 'content', 'writer'] as const;
export type SearchColumn = (typeof searchColumns)[number];

/** Inquiry types of spec §3 (their wording lives with the screens). */
export const inquiryTypes = ['R', 'U', 'A', 'C', 'N', 'P', 'O'] as const;
export type InquiryType = (typeof inquiryTypes)[number];

export const CommunityRules = {
  maxTitle: 100,
  maxContent: 5000,
  maxComment: 1000,
  maxImages: 5,
  maxPhone: 20,
  maxKeyword: 100,
  /** Spec §9: made+ keeps a post at the top for 24 hours. */
  pinHours: 24,
  /** Spec §9: posts a member may publish a Seoul day when app settings say nothing. */
  defaultDailyLimit: 3,
  /** The most posts one bulk delete takes. */
  maxBulk: 100,
} as const;

export const InquiryRules = {
  maxTitle: 100,
  maxContent: 5000,
  maxAnswer: 5000,
  /** Spec §9: the numbered pager's page (20 rows). */
  pageSize: 20,
} as const;

/** Spec §5: hyphens are removed before sending; a post's phone is a Korean number. */
const PHONE = /^0\d{8,10}$/;

export type PostProblem = 'phone' | 'title' | 'content' | 'agree';

/** Spec §5 Community, in order: phone, title, content, agreement to honest content. Every one that fails. */
export function postProblems(post: {
  phone: string;
  title: string;
  content: string;
  agree: 'Y' | 'N';
}): PostProblem[] {
  const problems: PostProblem[] = [];
  if (!PHONE.test(post.phone.replace(/-/g, '').trim())) problems.push('phone');
  if (post.title.trim() === '') problems.push('title');
  if (post.content.trim() === '') problems.push('content');
  if (post.agree !== 'Y') problems.push('agree');
  return problems;
}

/** The first of `postProblems`: what the server answers. */
export function postProblem(post: Parameters<typeof postProblems>[0]): PostProblem | null {
  return postProblems(post)[0] ?? null;
}

/** Spec §5: a comment needs content. */
export function commentProblem(comment: { comment: string }): 'comment' | null {
  return comment.comment.trim() === '' ? 'comment' : null;
}

/** Spec §5 Inquiry: title, then content. Every one that fails. */
export function inquiryProblems(inquiry: { title: string; content: string }): Array<'title' | 'content'> {
  const problems: Array<'title' | 'content'> = [];
  if (inquiry.title.trim() === '') problems.push('title');
  if (inquiry.content.trim() === '') problems.push('content');
  return problems;
}

/** The first of `inquiryProblems`: what the server answers. */
export function inquiryProblem(inquiry: { title: string; content: string }): 'title' | 'content' | null {
  return inquiryProblems(inquiry)[0] ?? null;
}

/** Spec §5: an answer is not empty. */
export function answerProblem(answer: { answer: string }): 'answer' | null {
  return answer.answer.trim() === '' ? 'answer' : null;
}

/** Spec §5: keyword spaces are stripped before searching. */
export function searchKeyword(keyword: string): string {
  return keyword.replace(/\s+/g, '');
}

/** Until when made+ keeps a post published at `at` on top. */
export function pinnedUntil(at: Date): Date {
  return new Date(at.getTime() + CommunityRules.pinHours * 60 * 60 * 1000);
}
