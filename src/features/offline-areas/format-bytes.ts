/**
 * A device size for people: 820 KB, 3.4 MB. Beside its only screen rather than in src/lib/format.ts:
 * helpers there that lazy screens use are exported from the entry chunk, which has no room.
 */
export function formatBytes(bytes: number): string {
  if (bytes < 1_000_000) return `${Math.max(1, Math.round(bytes / 1000))} KB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}
