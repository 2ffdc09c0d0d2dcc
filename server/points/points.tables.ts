import type { Generated, Selectable } from 'kysely';
import type { PayMethod, PointLogType } from '../../sync/api/points.api.ts';

export interface PointLogsTable {
  f_idx: Generated<number>;
  f_user_idx: number;
  f_reg_time: string;
  f_type: PointLogType;
  /** The amount, always positive; f_type gives the direction. */
  f_point: number;
  /** The balance after this change. */
  f_point_final: number;
  f_reason: string;
  f_memo: Generated<string>;
  /** The admin who made the change; null when the member (or the system) did. */
  f_admin_idx: number | null;
  /** What the change refers to: a plan id, a merchant_uid, a report. */
  f_ref: string | null;
}

export interface UsageLogsTable {
  f_idx: Generated<number>;
  f_user_idx: number;
  f_reg_time: string;
  f_days: Generated<number>;
  f_made: Generated<number>;
  f_push: Generated<number>;
  f_usage_date_final: string | null;
  f_made_final: number;
  f_push_final: number;
  f_reason: string;
  f_memo: Generated<string>;
  f_admin_idx: number | null;
  f_point_log_idx: number | null;
}

export interface PaymentsTable {
  f_idx: Generated<number>;
  f_merchant_uid: string;
  f_user_idx: number;
  f_provider: string;
  /** Won to pay, VAT included. */
  f_amount: number;
  /** Points to credit once paid. */
  f_point: number;
  f_status: Generated<'ready' | 'paid' | 'failed'>;
  f_imp_uid: string | null;
  f_fail_reason: string | null;
  f_reg_time: string;
  f_paid_time: string | null;
  f_point_log_idx: number | null;
  /** PortOne's pay_method: card, real-time bank transfer (trans), or a virtual account (vbank). */
  f_pay_method: Generated<PayMethod>;
  /** A virtual account issued for a vbank payment: bank, number, holder, due time (ISO). */
  f_vbank_name: string | null;
  f_vbank_num: string | null;
  f_vbank_holder: string | null;
  f_vbank_due: string | null;
}

export interface PurchaseRequestsTable {
  f_user_idx: number;
  f_key: string;
  f_operation: string;
  /** The request's content: the same key with other content is refused. */
  f_fingerprint: string;
  /** JSON of the answer given the first time. */
  f_result: string;
  f_reg_time: string;
}

export interface PointsTables {
  point_logs: PointLogsTable;
  usage_logs: UsageLogsTable;
  payments: PaymentsTable;
  purchase_requests: PurchaseRequestsTable;
}

export type PointLog = Selectable<PointLogsTable>;
export type Payment = Selectable<PaymentsTable>;
