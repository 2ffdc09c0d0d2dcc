import type { Selectable } from 'kysely';
import type { AdConnectType } from '../../sync/home/ads.ts';

/** An ad slot 1-10 (migrations/0021_home_ads.ts); the rows exist from the migration on. */
export interface AdsTable {
  f_idx: number;
  f_image_url: string;
  f_connect_type: AdConnectType;
  f_connect_value: string;
  f_period_day: number;
  /** When the period was last set: the ad shows for f_period_day days from then. */
  f_start_time: string | null;
  f_update_time: string | null;
}

export interface HomeTables {
  ads: AdsTable;
}

export type AdRow = Selectable<AdsTable>;
