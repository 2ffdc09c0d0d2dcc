import type { AddressResult } from '../../../sync/api/address.api.ts';

export interface AddressSearch {
  search: (query: string) => Promise<AddressResult[]>;
}

/** Lot numbers as written: "123", "123-4", "산 12-3", "산12". */
export function parseLot(query: string): { land_type: 1 | 2; main: number; sub: number } | null {
  const m = /(산\s*)?(\d{1,4})(?:-(\d{1,4}))?\s*(번지)?\s*$/.exec(query.trim());
  if (!m) return null;
  return { land_type: m[1] ? 2 : 1, main: Number(m[2]), sub: m[3] ? Number(m[3]) : 0 };
}
