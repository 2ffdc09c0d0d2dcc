import { msg } from '@lingui/core/macro';
import { placeholderRoute } from './placeholder.tsx';

const community = placeholderRoute({
  path: '/Community',
  title: msg`Community`,
  feature: msg`Community`,
  back: false,
});

export const communityRoutes = [community];
