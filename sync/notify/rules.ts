/**
 * Notification rules (spec §3 Notification, §4, §5 Notification save, §9), in one place for the
 * write popup and the server that decides. Each rule answers the first field that fails; the
 * client words it with Lingui, the server with server/notify/notify.messages.ts.
 */

/** Spec §3: automatic intervals, E every day, 3 and 5 every that many days. */
export const autoIntervals = ['E', '3', '5'] as const;
export type AutoInterval = (typeof autoIntervals)[number];

/** The notify screen's tabs (spec §2: send 1, modify 2, auto 3). */
export const notifyTabs = { send: 1, modify: 2, auto: 3 } as const;

export const NotifyRules = {
  maxTitle: 100,
  maxContent: 5000,
  maxImages: 5,
  /** Spec §9: contacts 2 per notification. */
  maxContacts: 2,
  maxContactName: 50,
  maxContactPhone: 20,
  maxKeyword: 100,
  /** Spec §9: notifications a member may write for one site a Seoul day, when app settings say nothing. */
  defaultPerSiteLimit: 2,
  /** Spec §9: auto time default. */
  defaultAutoTime: '00:00',
  /** Made+ keeps a notification on top of its recipients' lists this long (as community made+, spec §9). */
  pinHours: 24,
  /** The most notifications one delete takes. */
  maxBulk: 100,
} as const;

/** HH:mm, 00:00 to 23:59 (spec §9). */
export const AUTO_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Search columns of the notification lists. */
export const notifySearchColumns = ['title', 'content', 'site', 'writer'] as const;
export type NotifySearchColumn = (typeof notifySearchColumns)[number];

export type NotifyProblem = 'title' | 'site' | 'content';

/** Spec §5 Notification save, in order: title, linked site (its name), content. Every one that fails. */
export function notifyProblems(form: { title: string; site_idx: number; content: string }): NotifyProblem[] {
  const problems: NotifyProblem[] = [];
  if (form.title.trim() === '') problems.push('title');
  if (form.site_idx <= 0) problems.push('site');
  if (form.content.trim() === '') problems.push('content');
  return problems;
}

/** The first of `notifyProblems`: what the server answers. */
export function notifyProblem(form: {
  title: string;
  site_idx: number;
  content: string;
}): NotifyProblem | null {
  return notifyProblems(form)[0] ?? null;
}

/** Spec §5: a contact counts only when both its name and phone are filled; at most two. */
export function filledContacts(
  contacts: ReadonlyArray<{ f_name: string; f_phone: string }>,
): Array<{ f_name: string; f_phone: string }> {
  return contacts
    .map((c) => ({ f_name: c.f_name.trim(), f_phone: c.f_phone.replace(/-/g, '').trim() }))
    .filter((c) => c.f_name !== '' && c.f_phone !== '')
    .slice(0, NotifyRules.maxContacts);
}

/** Made+ keeps a notification on top until this instant. */
export function notifyPinnedUntil(sentAt: string): string {
  return new Date(new Date(sentAt).getTime() + NotifyRules.pinHours * 3_600_000).toISOString();
}
