/**
 * Spec §4: made+ and push on a notification are paid with one of the member's made/push counts
 * while they have one, else with points at the setting's cost (server/notify/notify.service.ts
 * `pay`: takeUsageCount, then changePoints); a community post pays points only. What a form
 * says an option uses is worked out here, once, for its checkbox and its confirmation alike.
 */
export type PaidWith = { by: 'count'; left: number } | { by: 'points'; cost: number; balance: number };

export function paidWith({
  left,
  cost,
  balance,
}: {
  /** The member's remaining count of this kind (0 where counts do not apply). */
  left: number;
  cost: number;
  balance: number;
}): PaidWith {
  return left > 0 ? { by: 'count', left } : { by: 'points', cost, balance: Math.max(0, balance) };
}
