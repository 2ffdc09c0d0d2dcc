/** Drafts the server made without a device id are known on the device by this key. */
export function draftKeyOfSite(site: { f_idx: number; f_client_id: string | null }): string {
  return site.f_client_id ?? `site-draft-${site.f_idx}`;
}
