import type { Generated, Insertable, Selectable } from 'kysely';
import type { CommunityType } from '../../sync/community/rules.ts';

/** A community post (migrations/0016_community.ts). */
export interface CommunityPostsTable {
  f_idx: Generated<number>;
  f_type: CommunityType;
  f_title: string;
  f_content: string;
  f_phone: string;
  f_anony: 'Y' | 'N';
  f_made: 'Y' | 'N';
  /** When made+ stops pinning the post; null without made+. */
  f_made_until: string | null;
  f_push: 'Y' | 'N';
  /** JSON array of image URLs. */
  f_image_url: string;
  f_user_idx: number;
  f_reg_time: string;
  /** Seoul day of f_reg_time: the daily writing limit counts it. */
  f_reg_day: string;
  f_update_time: string | null;
  /** A removed post still counts for its day; lists skip it. */
  f_removed_time: string | null;
  /** Counts the post's edits (migrations/0050): an offline edit names the one it was made on. */
  f_version: Generated<number>;
}

export interface CommunityCommentsTable {
  f_idx: Generated<number>;
  f_community_idx: number;
  f_comment: string;
  f_anony: 'Y' | 'N';
  f_user_idx: number;
  f_reg_time: string;
  f_update_time: string | null;
  /** Counts the comment's edits (migrations/0050). */
  f_version: Generated<number>;
}

export interface CommunityReportsTable {
  f_idx: Generated<number>;
  f_community_idx: number;
  f_user_idx: number;
  f_reg_time: string;
}

/**
 * A member who stopped seeing another's posts (reportOrPrevent P), of one kind: a block made from
 * an anonymous post ('Y') hides that writer's anonymous writing only, one made from a named post
 * ('N') their named writing only, so a block never ties an anonymous post to a name.
 */
export interface CommunityBlocksTable {
  f_user_idx: number;
  f_blocked_user_idx: number;
  f_anony: 'Y' | 'N';
  f_reg_time: string;
}

/** Who a push post should reach; shown in the app until Web Push delivers it. */
export interface CommunityPushRecipientsTable {
  f_community_idx: number;
  f_user_idx: number;
  f_reg_time: string;
  f_read_time: string | null;
}

export interface CommunityTables {
  community_posts: CommunityPostsTable;
  community_comments: CommunityCommentsTable;
  community_reports: CommunityReportsTable;
  community_blocks: CommunityBlocksTable;
  community_push_recipients: CommunityPushRecipientsTable;
}

export type PostRow = Selectable<CommunityPostsTable>;
export type NewPost = Insertable<CommunityPostsTable>;
