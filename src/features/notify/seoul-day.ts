/** The Seoul calendar day (YYYY-MM-DD) of an instant: Asia/Seoul is UTC+9 all year. */
export function seoulDay(at: Date): string {
  return new Date(at.getTime() + 9 * 3_600_000).toISOString().slice(0, 10);
}
