import type { Generated } from 'kysely';

/** A wrong admin lock password (migrations/0011_admin_safety.ts): the throttle counts them. */
export interface AdminLockFailuresTable {
  f_idx: Generated<number>;
  f_user_idx: number;
  f_time: string;
  f_ip: string;
}

/** An admin action that needs a trace beyond the login log. */
export interface AdminAuditTable {
  f_idx: Generated<number>;
  f_admin_idx: number | null;
  f_action:
    | 'member_view_opened'
    | 'lock_throttled'
    | 'report_paid'
    | 'report_rejected'
    | 'report_block_lifted'
    | 'user_table_exported'
    // Home and app settings (admin info and ads tabs): detail {param or slot, old, new}.
    | 'app_setting_changed'
    | 'home_setting_changed'
    | 'ad_changed';
  f_target_idx: number | null;
  /** JSON */
  f_detail: string;
  f_ip: string;
  f_time: string;
}

export interface MembersTables {
  admin_lock_failures: AdminLockFailuresTable;
  admin_audit: AdminAuditTable;
}
