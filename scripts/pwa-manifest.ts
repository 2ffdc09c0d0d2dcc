// Parts of the web app manifest (vite.config.ts) kept beside the scripts that make their files.

/**
 * A long press on the home-screen icon (issue 32): register a sale, the map, notifications.
 * Their icons come from scripts/make-icons.ts. A shortcut opens the route; signed out, the
 * route's guard sends the member to sign in first.
 */
export const manifestShortcuts = [
  {
    name: '매물 등록',
    short_name: '매물 등록',
    description: '새 분양 현장을 등록합니다',
    url: '/RegSite/step1/New',
    icons: [{ src: '/icons/shortcut-register.png', sizes: '96x96', type: 'image/png' }],
  },
  {
    name: '지도',
    short_name: '지도',
    description: '지도에서 현장을 찾습니다',
    url: '/Map',
    icons: [{ src: '/icons/shortcut-map.png', sizes: '96x96', type: 'image/png' }],
  },
  {
    name: '알림',
    short_name: '알림',
    description: '받은 알림을 봅니다',
    url: '/notify',
    icons: [{ src: '/icons/shortcut-notify.png', sizes: '96x96', type: 'image/png' }],
  },
];

/** The manifest's `screenshots`, real screens taken by scripts/screenshots.ts into public/screenshots/. */
export const manifestScreenshots = [
  {
    src: '/screenshots/narrow-home.png',
    sizes: '390x844',
    type: 'image/png',
    form_factor: 'narrow' as const,
    label: '홈: 검색, 이달의 신규 현장, 빠른 메뉴',
  },
  {
    src: '/screenshots/narrow-site.png',
    sizes: '390x844',
    type: 'image/png',
    form_factor: 'narrow' as const,
    label: '현장 상세: 사진, 가격, 고객에게 공유',
  },
  {
    src: '/screenshots/narrow-sale-list.png',
    sizes: '390x844',
    type: 'image/png',
    form_factor: 'narrow' as const,
    label: '내 매물: 내 현장과 그룹 현장',
  },
  {
    src: '/screenshots/wide-site.png',
    sizes: '1280x800',
    type: 'image/png',
    form_factor: 'wide' as const,
    label: '현장 상세 (태블릿·PC)',
  },
];
