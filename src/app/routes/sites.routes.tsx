import { createRoute, lazyRouteComponent, Outlet } from '@tanstack/react-router';
import * as v from 'valibot';
import { loadsScreens } from './lazy-screen.ts';
import { appLayout } from './root.tsx';

// Each screen is its own chunk, loaded on first use (and precached for offline).
const RegistrationRoute = lazyRouteComponent(
  () => import('../../features/registration/RegistrationRoute.tsx'),
  'RegistrationRoute',
);
const UnregisteredSiteScreen = lazyRouteComponent(
  () => import('../../features/registration/UnregisteredSiteScreen.tsx'),
  'UnregisteredSiteScreen',
);
const SiteDetailScreen = lazyRouteComponent(
  () => import('../../features/sites/detail/SiteDetailScreen.tsx'),
  'SiteDetailScreen',
);
const SiteNotFound = lazyRouteComponent(
  () => import('../../features/sites/detail/SiteNotFound.tsx'),
  'SiteNotFound',
);
const InterestScreen = lazyRouteComponent(
  () => import('../../features/sites/interest/InterestScreen.tsx'),
  'InterestScreen',
);
const SaleListScreen = lazyRouteComponent(
  () => import('../../features/sites/sale-list/SaleListScreen.tsx'),
  'SaleListScreen',
);

/** Spec §2 named registration routes, mapped to paths. */
export const registrationRoutes = {
  RegSite1: '/RegSite/step1/General',
  RegNewOpenSite1: '/RegSite/step1/New',
  RegNewOpenSite2: '/RegSite/step2',
} as const;

const interest = createRoute({
  getParentRoute: () => appLayout,
  path: '/Interest',
  component: InterestScreen,
});

/**
 * A site id from the address bar: a number, or text of digits. Negative: a site registered
 * on this device and not yet synced (sync/sites/local-site.ts), read from the device.
 */
const siteIdxParam = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.regex(/^-?\d+$/), v.transform(Number))]),
  v.integer(),
  v.check((n) => n !== 0),
);
const siteDetailSearch = v.object({
  site_idx: v.optional(v.fallback(v.nullable(siteIdxParam), null), null),
  /** Opened from the admin area: the view is not kept as a recent view (spec §6). */
  admin: v.optional(v.fallback(v.boolean(), false), false),
});

const siteDetail = createRoute({
  getParentRoute: () => appLayout,
  path: '/SiteDetail',
  validateSearch: (search) => v.parse(siteDetailSearch, search),
  component: loadsScreens(
    function SiteDetailRoute() {
      const { site_idx, admin } = siteDetail.useSearch();
      return site_idx ? (
        <SiteDetailScreen key={site_idx} siteIdx={site_idx} skipLog={admin} />
      ) : (
        <SiteNotFound />
      );
    },
    [SiteDetailScreen, SiteNotFound],
  ),
});
const shareSite = createRoute({
  getParentRoute: () => appLayout,
  path: '/ShareSite/$siteIdx',
  component: loadsScreens(
    function ShareSiteRoute() {
      const { siteIdx } = shareSite.useParams();
      const parsed = v.safeParse(siteIdxParam, siteIdx);
      return parsed.success ? (
        <SiteDetailScreen key={parsed.output} siteIdx={parsed.output} />
      ) : (
        <SiteNotFound />
      );
    },
    [SiteDetailScreen, SiteNotFound],
  ),
});
// The router parses query values as JSON: digits arrive as numbers, other text as strings.
const positiveInt = v.pipe(v.unknown(), v.transform(Number), v.integer(), v.minValue(1));
const registrationSearch = v.object({
  draft: v.optional(v.pipe(v.unknown(), v.transform(String), v.regex(/^[A-Za-z0-9_-]{8,64}$/))),
  site_idx: v.optional(positiveInt),
  addr: v.optional(v.pipe(v.unknown(), v.transform(Number), v.picklist([1]))),
});
/** Keeps the valid parts of a search: a bad value is dropped, not an error page. */
function searchOf<S extends v.ObjectSchema<v.ObjectEntries, undefined>>(
  schema: S,
  search: Record<string, unknown>,
) {
  const out: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(schema.entries)) {
    if (search[key] === undefined) continue;
    const parsed = v.safeParse(entry, search[key]);
    if (parsed.success && parsed.output !== undefined) out[key] = parsed.output;
  }
  return out as v.InferOutput<S>;
}

const unregisteredSite = createRoute({
  getParentRoute: () => appLayout,
  path: '/UnregisteredSite',
  validateSearch: (search) =>
    searchOf(
      v.object({ site_idx: v.optional(positiveInt), readonly: v.optional(v.picklist(['Y', 'N'])) }),
      search,
    ),
  component: loadsScreens(
    function UnregisteredSiteRoute() {
      const search = unregisteredSite.useSearch();
      return <UnregisteredSiteScreen siteIdx={search.site_idx ?? null} readOnly={search.readonly === 'Y'} />;
    },
    [UnregisteredSiteScreen],
  ),
});
const saleList = createRoute({
  getParentRoute: () => appLayout,
  path: '/SaleList',
  component: SaleListScreen,
});

const regSite = createRoute({ getParentRoute: () => appLayout, path: '/RegSite', component: Outlet });
const regSiteStep1 = createRoute({
  getParentRoute: () => regSite,
  path: 'step1/$type',
  validateSearch: (search) => searchOf(registrationSearch, search),
  component: loadsScreens(
    function RegSiteStep1Route() {
      const { type } = regSiteStep1.useParams();
      const search = regSiteStep1.useSearch();
      return (
        <RegistrationRoute step={1} kind={type.toLowerCase() === 'general' ? 'G' : 'O'} search={search} />
      );
    },
    [RegistrationRoute],
  ),
});
const regSiteStep2 = createRoute({
  getParentRoute: () => regSite,
  path: 'step2',
  validateSearch: (search) => searchOf(registrationSearch, search),
  component: loadsScreens(
    function RegSiteStep2Route() {
      const search = regSiteStep2.useSearch();
      return <RegistrationRoute step={2} kind="O" search={search} />;
    },
    [RegistrationRoute],
  ),
});

export const sitesRoutes = [
  interest,
  siteDetail,
  shareSite,
  unregisteredSite,
  saleList,
  regSite.addChildren([regSiteStep1, regSiteStep2]),
];
