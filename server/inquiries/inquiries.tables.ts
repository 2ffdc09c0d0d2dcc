import type { Generated, Selectable } from 'kysely';
import type { InquiryType } from '../../sync/community/rules.ts';

/** An inquiry to the admins (migrations/0016_community.ts). */
export interface InquiriesTable {
  f_idx: Generated<number>;
  f_type: InquiryType;
  f_title: string;
  f_content: string;
  f_secret: 'Y' | 'N';
  f_answer: Generated<string>;
  f_answer_time: string | null;
  f_answer_admin_idx: number | null;
  f_user_idx: number;
  f_reg_time: string;
  f_update_time: string | null;
}

export interface InquiriesTables {
  inquiries: InquiriesTable;
}

export type InquiryRow = Selectable<InquiriesTable>;
