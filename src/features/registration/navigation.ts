/** Where a registration route keeps what must survive a reload: the draft, the site, the address flag. */
export interface RegistrationSearch {
  draft?: string;
  site_idx?: number;
  /** 1 once the address was changed: that change left a history entry (see backSteps). */
  addr?: 1;
}

/**
 * How far back a finished registration goes (spec §4): once, or twice when the address
 * changed, three times from step 2 when it changed. Each step the flow added to the history
 * is one entry: the registration screen, the address change, and step 2 — so from step 2
 * without an address change it is twice, back to where the registration started.
 */
export function backSteps({
  addressChanged,
  fromStep2,
}: {
  addressChanged: boolean;
  fromStep2: boolean;
}): number {
  return 1 + (addressChanged ? 1 : 0) + (fromStep2 ? 1 : 0);
}
