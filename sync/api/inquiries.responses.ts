import * as v from 'valibot';
import { inquiryTypes } from '../community/rules.ts';
import { count, int, maybe, page, str, time, yn } from './answer-fields.ts';

export const inquiry = v.strictObject({
  f_idx: int,
  f_type: v.picklist(inquiryTypes),
  f_title: str,
  f_content: str,
  f_secret: yn,
  f_answer: str,
  f_answer_time: maybe(time),
  f_status: v.picklist(['U', 'A']),
  f_user_idx: int,
  f_user_name: str,
  f_user_phone: str,
  f_reg_time: time,
  mine: v.boolean(),
  can_edit: v.boolean(),
  locked: v.boolean(),
});

export const inquiriesResponses = {
  addInquire: inquiry,
  getInquireDetail: inquiry,
  getInquireList: page(inquiry),
  removeInquire: v.strictObject({ removed: count }),
  sendInquireAnswer: inquiry,
  updateInquire: inquiry,
};
