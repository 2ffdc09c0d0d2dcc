import type { Generated } from 'kysely';

/** A provider's answer kept for repeat look-ups (migrations/0017_public_data.ts). */
export interface PublicDataCacheTable {
  f_service: string;
  /** The PNU and the call's parameters. */
  f_key: string;
  f_source: 'provider' | 'sample';
  /** The answer's list as JSON. */
  f_body: string;
  f_fetched_at: string;
  f_expires_at: string;
}

/** Look-ups a member started in one minute (the rate limit). */
export interface PublicDataCallsTable {
  f_user_idx: number;
  /** The minute, ISO-8601 UTC cut to minutes. */
  f_minute: string;
  f_count: number;
}

/** One row of the imported officetel standard price file. */
export interface OfficetelPricesTable {
  f_idx: Generated<number>;
  f_year: string;
  f_pnu: string;
  f_build_addr: string;
  f_buildnum: string;
  f_dong: string;
  f_floor: string;
  f_ho: string;
  f_pbdate: string;
  f_totarea: number;
  f_sharea: number;
  f_pbprice: number;
}

export interface PublicDataTables {
  public_data_cache: PublicDataCacheTable;
  public_data_calls: PublicDataCallsTable;
  officetel_prices: OfficetelPricesTable;
}
