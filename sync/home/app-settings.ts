/**
 * The app settings of spec §3 an admin changes on /admin/info (updateAppInfo {param_name, value}),
 * each with its type and range. One table for both sides: the server refuses a value outside it
 * (-4 naming `value`), the admin form shows the same limits and checks before sending. `lock`
 * marks what moves money (point costs, the ticket's points and whether it is paid): those need the
 * admin lock open (spec §4) and a confirmation on the screen.
 */

export type SettingDef =
  | { kind: 'text'; min: number; max: number; multiline?: boolean; format?: TextFormat; lock?: boolean }
  | { kind: 'int'; min: number; max: number; lock?: boolean }
  | { kind: 'choice'; choices: readonly string[]; lock?: boolean };

/** Text a setting must look like when it is not empty, with the field reason the server gives. */
export const textFormats = {
  version: { pattern: /^\d{1,4}(\.\d{1,4}){0,3}$/, reason: 'must be a version such as 1.2.3' },
  url: { pattern: /^https?:\/\/[^\s/?#]+\.[^\s]+$/i, reason: 'must be a web address starting with https://' },
} as const;
export type TextFormat = keyof typeof textFormats;

const longText = { kind: 'text', min: 1, max: 20_000, multiline: true } as const;
/** A link the app shows (empty: the link is hidden). */
const link = { kind: 'text', min: 0, max: 500, format: 'url' } as const;
const pointCost = { kind: 'int', min: 0, max: 1_000_000, lock: true } as const;

export const appSettingDefs = {
  version_name: { kind: 'text', min: 1, max: 20, format: 'version' },
  version_code: { kind: 'int', min: 1, max: 1_000_000 },
  terms: longText,
  privacy: longText,
  location_text: longText,
  home_title: { kind: 'text', min: 1, max: 30 },
  search_hint: { kind: 'text', min: 0, max: 50 },
  community_made_point: pointCost,
  notify_made_point: pointCost,
  community_push_point: pointCost,
  notify_push_point: pointCost,
  one_month_ticket_point: { kind: 'int', min: 0, max: 10_000_000, lock: true },
  ticket_price: { kind: 'choice', choices: ['F', 'P'], lock: true },
  ticket_show: { kind: 'choice', choices: ['Y', 'N'] },
  /** Days of usage the server gives a member when approved (0: none; they choose a plan). */
  new_member_days: { kind: 'int', min: 0, max: 365, lock: true },
  ads_duration_sec: { kind: 'int', min: 1, max: 60 },
  ads_mode: { kind: 'choice', choices: ['S', 'R'] },
  /** The splash's store download and chat-support links (spec §2 Splash). */
  store_url: link,
  chat_url: link,
} as const satisfies Record<string, SettingDef>;

export type AppSettingName = keyof typeof appSettingDefs;
export const appSettingNames = Object.keys(appSettingDefs) as AppSettingName[];

export function isLockedSetting(name: AppSettingName): boolean {
  const def: SettingDef = appSettingDefs[name];
  return def.lock === true;
}

/**
 * Why `value` cannot be the setting `name`, as a field reason, or null. Text is taken as typed
 * (trimmed); a number is whole digits.
 */
export function settingProblem({ name, value }: { name: AppSettingName; value: string }): string | null {
  const def: SettingDef = appSettingDefs[name];
  if (def.kind === 'choice')
    return def.choices.includes(value) ? null : `must be ${def.choices.join(' or ')}`;
  if (def.kind === 'int') {
    if (!/^\d{1,9}$/.test(value.trim())) return 'must be a whole number';
    const n = Number(value.trim());
    if (n < def.min || n > def.max) return `must be between ${def.min} and ${def.max}`;
    return null;
  }
  const text = value.trim();
  if (text.length < def.min) return 'value required';
  if (text.length > def.max) return `must be at most ${def.max} characters`;
  const format = def.format ? textFormats[def.format] : null;
  if (format && text && !format.pattern.test(text)) return format.reason;
  return null;
}

/** The stored form of an accepted value: trimmed text, a number without leading zeros. */
export function canonicalSetting({ name, value }: { name: AppSettingName; value: string }): string {
  const def: SettingDef = appSettingDefs[name];
  return def.kind === 'int' ? String(Number(value.trim())) : def.kind === 'text' ? value.trim() : value;
}
