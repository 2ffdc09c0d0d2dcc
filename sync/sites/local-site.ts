/**
 * A site registered on the device has no server index until its save is accepted and pulled
 * back. Until then the device stores it under a negative index made from its draft id, the
 * same every time the save is re-applied (rebase), so lists, the map and the detail can show
 * it at once and the pulled row replaces it without a trace.
 */
export function localSiteIdx(draftId: string): number {
  // FNV-1a over the id's characters: stable, spread, and small enough for a safe integer.
  let hash = 0x811c9dc5;
  for (let i = 0; i < draftId.length; i++) {
    hash ^= draftId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return -(hash + 1);
}

/** Whether a site index is one of the device's own, not yet known to the server. */
export function isLocalSiteIdx(siteIdx: number): boolean {
  return siteIdx < 0;
}
