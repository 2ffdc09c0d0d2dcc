import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export type YN = 'Y' | 'N';

export interface UsersTable {
  f_idx: Generated<number>;
  f_type: Generated<'U' | 'A'>;
  f_phone: string;
  f_business_card: string | null;
  f_affiliation: string;
  f_name: string;
  f_point: Generated<number>;
  f_push: Generated<YN>;
  f_push_sound: Generated<YN>;
  f_push_vibration: Generated<YN>;
  f_push_off_start_time: string | null;
  f_push_off_end_time: string | null;
  /** The usage ticket is valid while this instant is in the future. */
  f_usage_date: string | null;
  f_made_count: Generated<number>;
  f_push_count: Generated<number>;
  f_admin_authority: Generated<string>;
  /** P pending review, A approved, R rejected. */
  f_approval: Generated<'P' | 'A' | 'R'>;
  /** N normal, B blocked, WL write-limited, LL login-limited. */
  f_status: Generated<'N' | 'B' | 'WL' | 'LL'>;
  f_release_date: string | null;
  f_reject_time: string | null;
  f_warned_count: Generated<number>;
  f_charge_point: Generated<number>;
  f_reg_time: string;
  f_last_access: string | null;
  /** Set when the member withdrew (exitApp); the phone then moves to f_withdrawn_phone. */
  f_withdrawn_time: string | null;
  f_withdrawn_phone: string | null;
  f_authority_by: number | null;
  /** When approval gave the member the days of `new_member_days` (once per member; migrations/0040). */
  f_welcome_time: Generated<string | null>;
}

export interface SessionsTable {
  f_idx: Generated<number>;
  f_user_idx: number;
  token_hash: string;
  device_id: string;
  created_at: string;
  expires_at: string;
  last_seen_at: string;
  /** The admin lock (spec §4 Admin mode) is open for this session until then. */
  admin_unlocked_until: string | null;
  ended_at: string | null;
  end_reason: 'other_device' | 'logout' | 'status_changed' | 'withdrawn' | null;
  /** The admin who opened this session as a member's view; it never carries admin authority. */
  f_by_admin: number | null;
}

export interface UsersTables {
  users: UsersTable;
  sessions: SessionsTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Session = Selectable<SessionsTable>;
