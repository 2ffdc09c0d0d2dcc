import type { Generated } from 'kysely';

export interface PhoneCodesTable {
  f_idx: Generated<number>;
  f_phone: string;
  code_hash: string;
  purpose: 'login' | 'signup';
  created_at: string;
  expires_at: string;
  attempts: Generated<number>;
  verified_at: string | null;
  consumed_at: string | null;
  /** The client address that asked for the code (an IPv6 address as its /64 network). */
  f_ip: Generated<string>;
  /** The device id header it sent; empty when none. */
  f_device_id: Generated<string>;
}

export interface PreregisteredPhonesTable {
  f_phone: string;
  f_added_by: number | null;
  f_reg_time: string;
}

export interface CertQuestionsTable {
  f_idx: Generated<number>;
  f_question: string;
  /** JSON array of answer texts. */
  f_answer_list: string;
  /** Index of the correct answer in f_answer_list. */
  f_correct: number;
  f_order: Generated<number>;
}

export interface CertAnswersTable {
  f_user_idx: number;
  f_question_idx: number;
  f_answer: number;
  f_answer_status: 'Y' | 'N';
}

export interface LoginLogsTable {
  f_idx: Generated<number>;
  f_user_idx: number;
  f_time: string;
  f_device_id: string;
  f_ip: string;
  f_user_agent: Generated<string>;
  f_is_web: Generated<'Y' | 'N'>;
  f_by_admin: number | null;
}

export interface AuthTables {
  phone_codes: PhoneCodesTable;
  preregistered_phones: PreregisteredPhonesTable;
  cert_questions: CertQuestionsTable;
  cert_answers: CertAnswersTable;
  login_logs: LoginLogsTable;
}
