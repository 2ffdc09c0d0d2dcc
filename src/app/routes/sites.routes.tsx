import { msg } from '@lingui/core/macro';
import { createRoute, Outlet } from '@tanstack/react-router';
import * as v from 'valibot';
import { SiteDetailScreen } from '../../features/sites/detail/SiteDetailScreen.tsx';
import { SiteNotFound } from '../../features/sites/detail/SiteNotFound.tsx';
import { InterestScreen } from '../../features/sites/interest/InterestScreen.tsx';
import { SaleListScreen } from '../../features/sites/sale-list/SaleListScreen.tsx';
import { PlaceholderScreen, placeholderRoute } from './placeholder.tsx';
import { appLayout } from './root.tsx';

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

/** A site id from the address bar: a number, or text of digits. */
const siteIdxParam = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number))]),
  v.integer(),
  v.minValue(1),
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
  component: function SiteDetailRoute() {
    const { site_idx, admin } = siteDetail.useSearch();
    return site_idx ? (
      <SiteDetailScreen key={site_idx} siteIdx={site_idx} skipLog={admin} />
    ) : (
      <SiteNotFound />
    );
  },
});
const shareSite = createRoute({
  getParentRoute: () => appLayout,
  path: '/ShareSite/$siteIdx',
  component: function ShareSiteRoute() {
    const { siteIdx } = shareSite.useParams();
    const parsed = v.safeParse(siteIdxParam, siteIdx);
    return parsed.success ? (
      <SiteDetailScreen key={parsed.output} siteIdx={parsed.output} />
    ) : (
      <SiteNotFound />
    );
  },
});
const unregisteredSite = placeholderRoute({
  path: '/UnregisteredSite',
  title: msg`Report an unregistered site`,
  feature: msg`Sites`,
});
const saleList = createRoute({
  getParentRoute: () => appLayout,
  path: '/SaleList',
  component: SaleListScreen,
});
const siteReport = placeholderRoute({ path: '/SiteReport', title: msg`Site report`, feature: msg`Reports` });

const regSite = createRoute({ getParentRoute: () => appLayout, path: '/RegSite', component: Outlet });
const regSiteStep1 = createRoute({
  getParentRoute: () => regSite,
  path: 'step1/$type',
  component: () => <PlaceholderScreen title={msg`Register a site`} feature={msg`Sites`} />,
});
const regSiteStep2 = createRoute({
  getParentRoute: () => regSite,
  path: 'step2',
  component: () => <PlaceholderScreen title={msg`Buildings and units`} feature={msg`Sites`} />,
});

export const sitesRoutes = [
  interest,
  siteDetail,
  shareSite,
  unregisteredSite,
  saleList,
  siteReport,
  regSite.addChildren([regSiteStep1, regSiteStep2]),
];
