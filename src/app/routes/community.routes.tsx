import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appLayout, publicLayout } from './root.tsx';

const CommunityScreen = lazyRouteComponent(
  () => import('../../features/community/CommunityScreen.tsx'),
  'CommunityScreen',
);
const InquireScreen = lazyRouteComponent(
  () => import('../../features/inquiries/InquireScreen.tsx'),
  'InquireScreen',
);

/** Spec §2 /Community (main tab 3): the board of signed-in members. */
const community = createRoute({
  getParentRoute: () => appLayout,
  path: '/Community',
  component: CommunityScreen,
});

/** Spec §2 /Inquire, a public route: visitors read what is not secret and are asked to sign in to write. */
const inquire = createRoute({
  getParentRoute: () => publicLayout,
  path: '/Inquire',
  component: InquireScreen,
});

export const communityRoutes = [community];
export const inquireRoutes = [inquire];
