import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import * as v from 'valibot';
import { loadsScreens } from './lazy-screen.ts';
import { appLayout, publicLayout } from './root.tsx';

const CommunityScreen = lazyRouteComponent(
  () => import('../../features/community/CommunityScreen.tsx'),
  'CommunityScreen',
);
const InquireScreen = lazyRouteComponent(
  () => import('../../features/inquiries/InquireScreen.tsx'),
  'InquireScreen',
);

/** Spec §4 push types 6 and 7: `?open=<post idx>` opens that post (sync/push/push-target.ts). */
const communitySearch = v.object({
  open: v.optional(v.pipe(v.unknown(), v.transform(Number), v.integer(), v.minValue(1))),
});

/** Spec §2 /Community (main tab 3): the board of signed-in members. */
const community = createRoute({
  getParentRoute: () => appLayout,
  path: '/Community',
  validateSearch: (search): { open?: number } => {
    const parsed = v.safeParse(communitySearch, search);
    return parsed.success && parsed.output.open !== undefined ? { open: parsed.output.open } : {};
  },
  component: loadsScreens(
    function CommunityRoute() {
      const { open } = community.useSearch();
      return <CommunityScreen openIdx={open} />;
    },
    [CommunityScreen],
  ),
});

/** Spec §2 /Inquire, a public route: visitors read what is not secret and are asked to sign in to write. */
const inquire = createRoute({
  getParentRoute: () => publicLayout,
  path: '/Inquire',
  component: InquireScreen,
});

export const communityRoutes = [community];
export const inquireRoutes = [inquire];
