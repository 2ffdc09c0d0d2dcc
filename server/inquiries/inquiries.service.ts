import type { Inquiry } from '../../sync/api/inquiries.api.ts';
import type { Page } from '../../sync/api/page.ts';
import {
  answerProblem,
  type InquiryType,
  inquiryProblem,
  type SearchColumn,
  searchKeyword,
} from '../../sync/community/rules.ts';
import type { AuthInfo } from '../auth/session.ts';
import { moderates } from '../community/moderation.ts';
import type { DbOrTx } from '../db/database.ts';
import { resolveAuth } from '../http/access.ts';
import type { RequestContext, TxContext } from '../http/context.ts';
import { AppError, forbidden, notFound, ruleViolation } from '../http/errors.ts';
import { inquiryMessages } from './inquiries.messages.ts';
import {
  deleteInquiries,
  findInquiry,
  type InquiryRecord,
  inquiryPage,
  insertInquiry,
  updateInquiryRow,
} from './inquiries.repository.ts';

/**
 * The inquiry board (spec §2 /Inquire, §4 Inquiry, §5, §6). A secret inquiry opens only for its
 * author and moderators: for anyone else `toInquiry` blanks its title, content and answer, the one
 * place every answer (list, search, detail) passes through. The author's phone shows to
 * moderators only.
 */

export interface InquiryFields {
  type: InquiryType;
  title: string;
  content: string;
  secret: 'Y' | 'N';
}

/**
 * The caller of a public call when their session is good, else a visitor: a stale token on the
 * public board reads what a visitor reads rather than failing.
 */
export async function callerOf(ctx: RequestContext): Promise<AuthInfo | null> {
  if (!ctx.accessToken) return null;
  try {
    return await resolveAuth(ctx);
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

function opens({ row, auth }: { row: InquiryRecord; auth: AuthInfo | null }): boolean {
  return row.f_secret === 'N' || (auth !== null && (row.f_user_idx === auth.user.f_idx || moderates(auth)));
}

function toInquiry({ row, auth }: { row: InquiryRecord; auth: AuthInfo | null }): Inquiry {
  const open = opens({ row, auth });
  const mine = auth !== null && row.f_user_idx === auth.user.f_idx;
  return {
    f_idx: row.f_idx,
    f_type: row.f_type,
    f_title: open ? row.f_title : '',
    f_content: open ? row.f_content : '',
    f_secret: row.f_secret,
    f_answer: open ? row.f_answer : '',
    f_answer_time: row.f_answer_time,
    f_status: row.f_answer_time ? 'A' : 'U',
    f_user_idx: row.f_user_idx,
    f_user_name: row.f_user_name,
    f_user_phone: moderates(auth) ? row.f_user_phone : '',
    f_reg_time: row.f_reg_time,
    mine,
    can_edit: mine || moderates(auth),
    locked: !open,
  };
}

export async function inquiryList({
  db,
  auth,
  input,
}: {
  db: DbOrTx;
  auth: AuthInfo | null;
  input: { page_num: number; column: SearchColumn; keyword: string; mine: 'Y' | 'N' };
}): Promise<Page<Inquiry>> {
  const page = await inquiryPage({
    db,
    openerIdx: auth?.user.f_idx ?? null,
    moderator: moderates(auth),
    column: input.column,
    keyword: searchKeyword(input.keyword),
    // A visitor has nothing of their own.
    writerIdx: input.mine === 'Y' ? (auth?.user.f_idx ?? -1) : null,
    page: input.page_num,
  });
  return { ...page, list: page.list.map((row) => toInquiry({ row, auth })) };
}

export async function inquiryDetail({
  db,
  auth,
  inquiryIdx,
}: {
  db: DbOrTx;
  auth: AuthInfo | null;
  inquiryIdx: number;
}): Promise<Inquiry> {
  const row = await findInquiry({ db, inquiryIdx });
  if (!row) throw notFound(inquiryMessages.notFound);
  if (!opens({ row, auth })) throw forbidden(inquiryMessages.secret);
  return toInquiry({ row, auth });
}

function checkFields(fields: InquiryFields): void {
  const problem = inquiryProblem(fields);
  if (problem === 'title') throw ruleViolation(inquiryMessages.titleRequired);
  if (problem === 'content') throw ruleViolation(inquiryMessages.contentRequired);
}

async function read({ ctx, inquiryIdx }: { ctx: TxContext; inquiryIdx: number }): Promise<Inquiry> {
  const row = await findInquiry({ db: ctx.tx, inquiryIdx });
  if (!row) throw notFound(inquiryMessages.notFound);
  return toInquiry({ row, auth: ctx.auth });
}

export async function addInquiry({
  ctx,
  fields,
}: {
  ctx: TxContext;
  fields: InquiryFields;
}): Promise<Inquiry> {
  checkFields(fields);
  const inquiryIdx = await insertInquiry({
    db: ctx.tx,
    inquiry: {
      f_type: fields.type,
      f_title: fields.title.trim(),
      f_content: fields.content.trim(),
      f_secret: fields.secret,
      f_answer_time: null,
      f_answer_admin_idx: null,
      f_user_idx: ctx.auth.user.f_idx,
      f_reg_time: ctx.now.toISOString(),
      f_update_time: null,
    },
  });
  return read({ ctx, inquiryIdx });
}

async function editable({ ctx, inquiryIdx }: { ctx: TxContext; inquiryIdx: number }): Promise<InquiryRecord> {
  const row = await findInquiry({ db: ctx.tx, inquiryIdx });
  if (!row) throw notFound(inquiryMessages.notFound);
  if (row.f_user_idx !== ctx.auth.user.f_idx && !moderates(ctx.auth))
    throw forbidden(inquiryMessages.notYours);
  return row;
}

/** Spec §6: the author edits their own, a moderator any. */
export async function updateInquiry({
  ctx,
  inquiryIdx,
  fields,
}: {
  ctx: TxContext;
  inquiryIdx: number;
  fields: InquiryFields;
}): Promise<Inquiry> {
  await editable({ ctx, inquiryIdx });
  checkFields(fields);
  await updateInquiryRow({
    db: ctx.tx,
    inquiryIdx,
    values: {
      f_type: fields.type,
      f_title: fields.title.trim(),
      f_content: fields.content.trim(),
      f_secret: fields.secret,
      f_update_time: ctx.now.toISOString(),
    },
  });
  return read({ ctx, inquiryIdx });
}

/** Spec §4: saving an answer makes the inquiry answered; its author reads it in the list and detail. */
export async function answerInquiry({
  ctx,
  inquiryIdx,
  answer,
}: {
  ctx: TxContext;
  inquiryIdx: number;
  answer: string;
}): Promise<Inquiry> {
  const row = await findInquiry({ db: ctx.tx, inquiryIdx });
  if (!row) throw notFound(inquiryMessages.notFound);
  if (answerProblem({ answer })) throw ruleViolation(inquiryMessages.answerRequired);
  await updateInquiryRow({
    db: ctx.tx,
    inquiryIdx,
    values: {
      f_answer: answer.trim(),
      f_answer_time: ctx.now.toISOString(),
      f_answer_admin_idx: ctx.auth.user.f_idx,
    },
  });
  return read({ ctx, inquiryIdx });
}

/** Spec §7 removeInquire: every inquiry must be the caller's to delete, or none is. */
export async function removeInquiries({
  ctx,
  idxList,
}: {
  ctx: TxContext;
  idxList: number[];
}): Promise<{ removed: number }> {
  const unique = [...new Set(idxList)];
  for (const inquiryIdx of unique) await editable({ ctx, inquiryIdx });
  await deleteInquiries({ db: ctx.tx, inquiryIdxs: unique });
  return { removed: unique.length };
}
