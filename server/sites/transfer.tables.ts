import type { Generated } from 'kysely';

/** One handover of a site (spec §4 Transfer; migrations/0015_transfers.ts). */
export interface SiteTransfersTable {
  f_idx: Generated<number>;
  f_site_idx: number;
  f_from_user_idx: number;
  f_to_user_idx: number;
  /** Who asked for it: the owner (only the owner transfers a site). */
  f_by_user_idx: number;
  /** The group the site was shared to before; a transfer releases that link. */
  f_from_group_idx: number | null;
  f_reg_time: string;
}

export interface TransferTables {
  site_transfers: SiteTransfersTable;
}
