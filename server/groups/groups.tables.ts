import type { Generated, Selectable } from 'kysely';

export interface GroupsTable {
  f_idx: Generated<number>;
  f_name: string;
  f_owner_idx: number;
  f_reg_time: string;
}

export interface GroupMembersTable {
  f_group_idx: number;
  f_user_idx: number;
  f_reg_time: string;
  /** Last time the member opened the group (getRecentVisitGroup). */
  f_last_visit: string | null;
}

export interface GroupsTables {
  groups: GroupsTable;
  group_members: GroupMembersTable;
}

export type Group = Selectable<GroupsTable>;
