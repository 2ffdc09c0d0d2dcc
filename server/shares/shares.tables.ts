import type { Generated } from 'kysely';

/** A link an agent made to share a site with a customer (migrations/0048_site_shares.ts). */
export interface SiteSharesTable {
  f_idx: Generated<number>;
  f_site_idx: number;
  /** The agent who made it: the page's contact. */
  f_user_idx: number;
  /** The link's secret (base64url, 144 random bits). */
  f_token: string;
  f_reg_time: string;
  f_expires_at: string;
  /** Stopped by the agent. */
  f_revoked_time: string | null;
  /** Opened by a person (link-preview robots and prefetches are not counted). */
  f_view_count: Generated<number>;
  f_last_view_time: string | null;
}

export interface SharesTables {
  site_shares: SiteSharesTable;
}
