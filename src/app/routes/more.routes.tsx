import { msg } from '@lingui/core/macro';
import { placeholderRoute } from './placeholder.tsx';

const more = placeholderRoute({
  path: '/More',
  title: msg`More`,
  feature: msg`Points and tickets`,
  back: false,
});

export const moreRoutes = [more];
