import * as v from 'valibot';
import { InquiryRules, inquiryTypes, searchColumns } from '../community/rules.ts';
import { defineCall } from './contract.ts';
import { rowId, yn } from './fields.ts';
import type { Page } from './page.ts';
import { pageNum } from './page.ts';

/**
 * The inquiry board (spec §2 /Inquire, §3 Inquiry, §4, §7 inquire calls). The list is public: a
 * visitor reads the non-secret inquiries. A secret inquiry's title, content and answer reach only
 * its author and moderating admins; everyone else gets the row with those blank and `locked`.
 */

export interface Inquiry {
  f_idx: number;
  f_type: (typeof inquiryTypes)[number];
  f_title: string;
  f_content: string;
  f_secret: 'Y' | 'N';
  f_answer: string;
  f_answer_time: string | null;
  /** U unanswered, A answered (spec §4). */
  f_status: 'U' | 'A';
  f_user_idx: number;
  f_user_name: string;
  /** Moderating admins only (spec §6); blank for everyone else. */
  f_user_phone: string;
  f_reg_time: string;
  mine: boolean;
  can_edit: boolean;
  /** A secret inquiry the caller may not open: title, content and answer are blank. */
  locked: boolean;
}

const text = (max: number) => v.pipe(v.string(), v.maxLength(max, `at most ${max} characters`));

export const getInquireListCall = defineCall<Page<Inquiry>>()({
  operationId: 'getInquireList',
  method: 'post',
  path: '/inquire/getInquireList',
  summary: 'Inquiries, newest first, 20 a page, searched by column; secret ones stay closed to others',
  tag: 'inquire',
  input: v.object({
    page_num: pageNum,
    column: v.optional(v.picklist(searchColumns, `must be one of ${searchColumns.join(', ')}`), 'title'),
    keyword: v.optional(text(100), ''),
    mine: v.optional(yn, 'N'),
  }),
});

const inquiryFields = {
  type: v.picklist(inquiryTypes, `must be one of ${inquiryTypes.join(', ')}`),
  title: text(InquiryRules.maxTitle),
  content: text(InquiryRules.maxContent),
  secret: v.optional(yn, 'N'),
};

export const addInquireCall = defineCall<Inquiry>()({
  operationId: 'addInquire',
  method: 'post',
  path: '/inquire/addInquire',
  summary: 'Ask the admins',
  tag: 'inquire',
  input: v.object(inquiryFields),
});

export const updateInquireCall = defineCall<Inquiry>()({
  operationId: 'updateInquire',
  method: 'post',
  path: '/inquire/updateInquire',
  summary: 'Edit an inquiry (its author, or a moderating admin)',
  tag: 'inquire',
  input: v.object({ inquire_idx: rowId, ...inquiryFields }),
});

export const sendInquireAnswerCall = defineCall<Inquiry>()({
  operationId: 'sendInquireAnswer',
  method: 'post',
  path: '/inquire/sendInquireAnswer',
  summary: 'Answer an inquiry; it becomes answered and its author sees the answer',
  tag: 'inquire',
  input: v.object({ inquire_idx: rowId, answer: text(InquiryRules.maxAnswer) }),
});

export const removeInquireCall = defineCall<{ removed: number }>()({
  operationId: 'removeInquire',
  method: 'post',
  path: '/inquire/removeInquire',
  summary: 'Delete inquiries: one’s own, or any for a moderating admin',
  tag: 'inquire',
  input: v.object({
    idx_list: v.pipe(v.array(rowId), v.minLength(1, 'choose an inquiry'), v.maxLength(100, 'at most 100')),
  }),
});

export const getInquireDetailCall = defineCall<Inquiry>()({
  operationId: 'getInquireDetail',
  method: 'post',
  path: '/inquire/getInquireDetail',
  summary: 'One inquiry; a secret one opens only for its author and moderating admins',
  tag: 'inquire',
  input: v.object({ inquire_idx: rowId }),
});
