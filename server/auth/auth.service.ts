import type { CertQuestion } from '../../sync/api/auth.api.ts';
import { seoulDate } from '../clock.ts';
import type { RequestContext } from '../http/context.ts';
import { alreadyExists, certAnswerFailed, forbidden, ruleViolation } from '../http/errors.ts';
import type { User } from '../users/users.tables.ts';
import { authMessages } from './auth.messages.ts';
import {
  certAnswerKey,
  certQuestions,
  deletePreregisteredPhone,
  endSessionsForNewDevice,
  hasVerifiedCode,
  insertLoginLog,
  insertSession,
  insertUser,
  isPreregisteredPhone,
  markWithdrawn,
  replaceCertAnswers,
  updateUser,
  userByPhone,
} from './auth.repository.ts';
import { issueCode, verifyCode } from './phone-codes.ts';
import { endSessions, hashToken, newToken } from './session.ts';

type Ctx = Pick<RequestContext, 'db' | 'clock' | 'config' | 'adapters' | 'logger'>;

export async function findUserByPhone({ ctx, phone }: { ctx: Pick<Ctx, 'db'>; phone: string }) {
  return userByPhone({ db: ctx.db, phone });
}

export async function isPreregistered({ ctx, phone }: { ctx: Pick<Ctx, 'db'>; phone: string }) {
  return isPreregisteredPhone({ db: ctx.db, phone });
}

/** Refuses sign-in for blocked or login-limited members; a limit whose date has passed is lifted. */
async function assertMayLogIn({ ctx, user }: { ctx: Ctx; user: User }) {
  if (user.f_approval === 'R') throw ruleViolation(authMessages.signupRejected, { status: 403 });
  if (user.f_status === 'B') throw ruleViolation(authMessages.blocked, { status: 403 });
  if (user.f_status === 'LL' && user.f_release_date) {
    if (new Date(user.f_release_date) > ctx.clock.now()) {
      throw ruleViolation(authMessages.loginLimited, {
        status: 403,
        params: { date: seoulDate(new Date(user.f_release_date)) },
      });
    }
    await updateUser({ db: ctx.db, userIdx: user.f_idx, values: { f_status: 'N', f_release_date: null } });
  }
}

/** A rejected applicant may apply again from the next day (Asia/Seoul). */
function rejectedToday({ ctx, user }: { ctx: Ctx; user: User }): boolean {
  return (
    user.f_approval === 'R' &&
    user.f_reject_time !== null &&
    seoulDate(new Date(user.f_reject_time)) === seoulDate(ctx.clock.now())
  );
}

export async function authPhone({
  ctx,
  phone,
  isLogin,
}: {
  ctx: Ctx & Pick<RequestContext, 'ip' | 'deviceId'>;
  phone: string;
  isLogin: boolean;
}) {
  const user = await findUserByPhone({ ctx, phone });
  if (isLogin) {
    if (!user) throw ruleViolation(authMessages.notMember);
    await assertMayLogIn({ ctx, user });
  } else if (user) {
    if (user.f_approval !== 'R') throw alreadyExists(authMessages.alreadyMember);
    if (rejectedToday({ ctx, user })) throw ruleViolation(authMessages.signupRejected);
  }
  // Spec §4: a phone an admin registered (addPhoneNumber) gets its sign-up code filled in on the
  // screen, so no SMS goes out for it. Never for a sign-in: that code only ever goes by SMS.
  const preregistered = await isPreregistered({ ctx, phone });
  const fillIn = preregistered && !isLogin;
  const { code, withdraw } = await issueCode({
    db: ctx.db,
    clock: ctx.clock,
    secret: ctx.config.appSecret,
    phone,
    purpose: isLogin ? 'login' : 'signup',
    client: { ip: ctx.ip, deviceId: ctx.deviceId },
    limits: ctx.config.smsLimits,
    logger: ctx.logger,
  });
  if (fillIn) return { auth: 'Y' as const, code };
  const host = new URL(ctx.config.publicUrl).host;
  // The last line is the WebOTP format, so Android Chrome can fill the code in by itself.
  const text = `[분양톡] 인증번호 [${code}]를 입력해 주세요.\n\n@${host} #${code}`;
  try {
    await ctx.adapters.sms.sendCode({ to: phone, code, text });
  } catch (err) {
    // The gateway's outage is not the member's: nothing counts, and they hear to try again.
    await withdraw();
    ctx.logger.error({ err }, 'SMS gateway failed: verification code not sent');
    throw ruleViolation(authMessages.codeNotSent, { status: 503 });
  }
  return { auth: preregistered ? ('Y' as const) : ('N' as const) };
}

/** How long a member's view opened by an admin (adminLogin) lasts. */
export const ADMIN_VIEW_TTL_MS = 12 * 60 * 60 * 1000;

export async function createSession({
  ctx,
  user,
  deviceId,
  ip,
  userAgent,
  isWeb,
  byAdmin = null,
}: {
  ctx: Ctx;
  user: User;
  deviceId: string;
  ip: string;
  userAgent: string;
  isWeb: 'Y' | 'N';
  byAdmin?: number | null;
}): Promise<string> {
  const now = ctx.clock.now();
  const token = newToken();
  await ctx.db.transaction().execute(async (trx) => {
    if (byAdmin === null) {
      // One active device per member: the other device's next call gets -7.
      await endSessionsForNewDevice({ db: trx, userIdx: user.f_idx, deviceId, time: now.toISOString() });
    }
    await insertSession({
      db: trx,
      session: {
        f_user_idx: user.f_idx,
        token_hash: hashToken(token),
        device_id: deviceId,
        f_by_admin: byAdmin,
        created_at: now.toISOString(),
        // A member's view opened by an admin is for the task at hand, not for a month.
        expires_at: new Date(
          now.getTime() + (byAdmin === null ? ctx.config.sessionTtlDays * 86_400_000 : ADMIN_VIEW_TTL_MS),
        ).toISOString(),
      },
    });
    await insertLoginLog({
      db: trx,
      log: {
        f_user_idx: user.f_idx,
        f_time: now.toISOString(),
        f_device_id: deviceId,
        f_ip: ip,
        f_user_agent: userAgent.slice(0, 300),
        f_is_web: isWeb,
        f_by_admin: byAdmin,
      },
    });
    await updateUser({ db: trx, userIdx: user.f_idx, values: { f_last_access: now.toISOString() } });
  });
  return token;
}

export async function login({
  ctx,
  phone,
  code,
  deviceId,
  ip,
  userAgent,
  isWeb,
}: {
  ctx: Ctx;
  phone: string;
  code: string;
  deviceId: string;
  ip: string;
  userAgent: string;
  isWeb: 'Y' | 'N';
}) {
  const user = await findUserByPhone({ ctx, phone });
  if (!user) throw ruleViolation(authMessages.notMember);
  await assertMayLogIn({ ctx, user });
  await verifyCode({
    db: ctx.db,
    clock: ctx.clock,
    secret: ctx.config.appSecret,
    phone,
    code,
    consume: true,
  });
  const token = await createSession({ ctx, user, deviceId, ip, userAgent, isWeb });
  return { access_token: token, uid: user.f_idx, type: user.f_type };
}

export async function listQuestions({ ctx }: { ctx: Pick<Ctx, 'db'> }): Promise<CertQuestion[]> {
  const rows = await certQuestions({ db: ctx.db });
  return rows.map((r) => ({ ...r, f_answer_list: JSON.parse(r.f_answer_list) as string[] }));
}

export interface GradedAnswer {
  f_question_idx: number;
  f_answer: number;
  f_answer_status: 'Y' | 'N';
}

/** Every question must be answered; the set passes when every answer is right. */
export async function gradeAnswers({
  ctx,
  answers,
}: {
  ctx: Pick<Ctx, 'db'>;
  answers: ReadonlyArray<{ f_idx: number; answer: number }>;
}): Promise<{ passed: boolean; graded: GradedAnswer[] }> {
  const questions = await certAnswerKey({ db: ctx.db });
  const given = new Map(answers.map((a) => [a.f_idx, a.answer]));
  if (questions.some((q) => !given.has(q.f_idx))) throw ruleViolation(authMessages.quizIncomplete);
  const graded = questions.map((q) => {
    const answer = given.get(q.f_idx) as number;
    return {
      f_question_idx: q.f_idx,
      f_answer: answer,
      f_answer_status: answer === q.f_correct ? ('Y' as const) : ('N' as const),
    };
  });
  return { passed: graded.every((g) => g.f_answer_status === 'Y'), graded };
}

/** updateCertAnswer: grades the quiz for a phone that verified its code; -8 sends the user back to the quiz. */
export async function checkQuiz({
  ctx,
  phone,
  answers,
}: {
  ctx: Ctx;
  phone: string;
  answers: ReadonlyArray<{ f_idx: number; answer: number }>;
}) {
  if (!(await hasVerifiedCode({ db: ctx.db, phone }))) throw ruleViolation(authMessages.phoneNotVerified);
  const { passed } = await gradeAnswers({ ctx, answers });
  if (!passed) throw certAnswerFailed(authMessages.quizFailed);
  return { passed: true as const };
}

export async function signUp({
  ctx,
  input,
  cardUrl,
}: {
  ctx: Ctx;
  input: {
    affiliation: string;
    name: string;
    phone_number: string;
    code: string;
    answer_list: ReadonlyArray<{ f_idx: number; answer: number }>;
  };
  cardUrl: () => Promise<string>;
}) {
  const phone = input.phone_number;
  const existing = await findUserByPhone({ ctx, phone });
  if (existing && existing.f_approval !== 'R') throw alreadyExists(authMessages.alreadyMember);
  if (existing && rejectedToday({ ctx, user: existing })) throw ruleViolation(authMessages.signupRejected);
  const preregistered = await isPreregistered({ ctx, phone });
  // Grade before anything is written: a failed quiz (-8) leaves no trace but the code.
  const grading = preregistered ? null : await gradeAnswers({ ctx, answers: input.answer_list });
  if (grading && !grading.passed) throw certAnswerFailed(authMessages.quizFailed);
  await verifyCode({
    db: ctx.db,
    clock: ctx.clock,
    secret: ctx.config.appSecret,
    phone,
    code: input.code,
    consume: true,
    allowVerified: true,
  });
  const card = await cardUrl();
  const now = ctx.clock.now().toISOString();
  const answers = grading?.graded ?? [];
  const uid = await ctx.db.transaction().execute(async (trx) => {
    let userIdx: number;
    if (existing) {
      // A rejected applicant applying again keeps their row (their history) with fresh details.
      await updateUser({
        db: trx,
        userIdx: existing.f_idx,
        values: {
          f_business_card: card,
          f_affiliation: input.affiliation,
          f_name: input.name,
          f_approval: 'P',
          f_reject_time: null,
          f_reg_time: now,
        },
      });
      userIdx = existing.f_idx;
    } else {
      userIdx = await insertUser({
        db: trx,
        user: {
          f_phone: phone,
          f_business_card: card,
          f_affiliation: input.affiliation,
          f_name: input.name,
          f_push_off_start_time: null,
          f_push_off_end_time: null,
          f_usage_date: null,
          f_release_date: null,
          f_reject_time: null,
          f_last_access: null,
          f_withdrawn_time: null,
          f_withdrawn_phone: null,
          f_authority_by: null,
          f_reg_time: now,
          f_approval: 'P',
        },
      });
    }
    // A rejected applicant's earlier answers give way to these.
    await replaceCertAnswers({ db: trx, userIdx, answers });
    await deletePreregisteredPhone({ db: trx, phone });
    return userIdx;
  });
  return { uid, approval: 'P' as const };
}

/** exitApp: the member types the signed-in phone again; the row stays (sites refer to it) but the phone is freed. */
export async function withdraw({ ctx, user, phone }: { ctx: Ctx; user: User; phone: string }) {
  if (phone !== user.f_phone) throw ruleViolation(authMessages.withdrawalPhoneMismatch);
  await removeMember({ ctx, user });
}

export async function removeMember({ ctx, user }: { ctx: Ctx; user: User }) {
  if (user.f_phone === ctx.config.superAdminPhone) throw forbidden();
  const now = ctx.clock.now().toISOString();
  await ctx.db.transaction().execute((trx) => markWithdrawn({ db: trx, user, time: now }));
}

export { endSessions };
