/** Business constants of spec §9 that both client and server rely on. */
export const Limits = {
  pageSize: 50,
  mapPageSize: 10,
  /** Numbered pagers show this many page links at a time (spec §9, inquiry pagination). */
  pagerLinks: 5,
  maxFloors: 30,
  maxRooms: 10,
  maxToilets: 10,
  maxUtilityRooms: 10,
  maxVerandas: 10,
  maxUnitsPerFloor: 300,
  maxSiteContacts: 5,
  maxNotificationContacts: 2,
  adSlots: 10,
  defaultAdsDurationSec: 10,
  toastMs: 2000,
  splashMinMs: 2000,
  longPressMs: 500,
  codeCountdownSec: 180,
  /** Minutes a code checked on the sign-up screen still signs up (card photo, quiz) after its countdown. */
  verifiedCodeMinutes: 30,
  forcedLogoutPollMs: 2000,
  galleryZoomMax: 4,
  writeLimitDays: 5,
  autoHideWarnDays: 5,
  hiddenRemainDays: 15,
  /** Days a general site stays visible after registration or after its owner extends it (spec §4). */
  generalSiteDays: 30,
  imageMaxBytes: 10 * 1024 * 1024,
} as const;

/** 1평 = 3.305785㎡ (the design guide's figure; spec §9 rounds it to 3.305787 in one place). */
export const SQM_PER_PYEONG = 3.305785;

/** Seoul City Hall: the fallback position when geolocation is unavailable. */
export const SEOUL_FALLBACK = { lat: 37.5666805, lng: 126.9784147 } as const;
