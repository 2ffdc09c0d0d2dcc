import * as v from 'valibot';
import { InquiryRules, inquiryTypes, searchColumns } from '../community/rules.ts';
import { type Answer, defineCall } from './contract.ts';
import { rowId, yn } from './fields.ts';
import type { inquiriesResponses, inquiry } from './inquiries.responses.ts';
import { pageNum } from './page.ts';

/**
 * The inquiry board (spec §2 /Inquire, §3 Inquiry, §4, §7 inquire calls). The list is public: a
 * visitor reads the non-secret inquiries. A secret inquiry's title, content and answer reach only
 * its author and moderating admins; everyone else gets the row with those blank and `locked`.
 */

export type Inquiry = v.InferOutput<typeof inquiry>;

const text = (max: number) => v.pipe(v.string(), v.maxLength(max, `at most ${max} characters`));

export const getInquireListCall = defineCall<Answer<typeof inquiriesResponses, 'getInquireList'>>()({
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

export const addInquireCall = defineCall<Answer<typeof inquiriesResponses, 'addInquire'>>()({
  operationId: 'addInquire',
  method: 'post',
  path: '/inquire/addInquire',
  summary: 'Ask the admins',
  tag: 'inquire',
  input: v.object(inquiryFields),
});

export const updateInquireCall = defineCall<Answer<typeof inquiriesResponses, 'updateInquire'>>()({
  operationId: 'updateInquire',
  method: 'post',
  path: '/inquire/updateInquire',
  summary: 'Edit an inquiry (its author, or a moderating admin)',
  tag: 'inquire',
  input: v.object({ inquire_idx: rowId, ...inquiryFields }),
});

export const sendInquireAnswerCall = defineCall<Answer<typeof inquiriesResponses, 'sendInquireAnswer'>>()({
  operationId: 'sendInquireAnswer',
  method: 'post',
  path: '/inquire/sendInquireAnswer',
  summary: 'Answer an inquiry; it becomes answered and its author sees the answer',
  tag: 'inquire',
  input: v.object({ inquire_idx: rowId, answer: text(InquiryRules.maxAnswer) }),
});

export const removeInquireCall = defineCall<Answer<typeof inquiriesResponses, 'removeInquire'>>()({
  operationId: 'removeInquire',
  method: 'post',
  path: '/inquire/removeInquire',
  summary: 'Delete inquiries: one’s own, or any for a moderating admin',
  tag: 'inquire',
  input: v.object({
    idx_list: v.pipe(v.array(rowId), v.minLength(1, 'choose an inquiry'), v.maxLength(100, 'at most 100')),
  }),
});

export const getInquireDetailCall = defineCall<Answer<typeof inquiriesResponses, 'getInquireDetail'>>()({
  operationId: 'getInquireDetail',
  method: 'post',
  path: '/inquire/getInquireDetail',
  summary: 'One inquiry; a secret one opens only for its author and moderating admins',
  tag: 'inquire',
  input: v.object({ inquire_idx: rowId }),
});
