import { msg } from '@lingui/core/macro';
import { createRoute, Outlet } from '@tanstack/react-router';
import { PlaceholderScreen, placeholderRoute } from './placeholder.tsx';
import { appLayout } from './root.tsx';

/** Spec §2 named registration routes, mapped to paths. */
export const registrationRoutes = {
  RegSite1: '/RegSite/step1/General',
  RegNewOpenSite1: '/RegSite/step1/New',
  RegNewOpenSite2: '/RegSite/step2',
} as const;

const interest = placeholderRoute({
  path: '/Interest',
  title: msg`Interest`,
  feature: msg`Sites`,
  back: false,
});
const siteDetail = placeholderRoute({ path: '/SiteDetail', title: msg`Site detail`, feature: msg`Sites` });
const shareSite = placeholderRoute({
  path: '/ShareSite/$siteIdx',
  title: msg`Shared site`,
  feature: msg`Sites`,
});
const unregisteredSite = placeholderRoute({
  path: '/UnregisteredSite',
  title: msg`Report an unregistered site`,
  feature: msg`Sites`,
});
const saleList = placeholderRoute({ path: '/SaleList', title: msg`My sale list`, feature: msg`Sites` });
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
