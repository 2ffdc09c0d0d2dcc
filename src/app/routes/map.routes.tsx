import { msg } from '@lingui/core/macro';
import { createRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { PlaceholderScreen } from './placeholder.tsx';
import { appLayout } from './root.tsx';

const mapSearch = v.object({ keyword: v.optional(v.string()) });

const map = createRoute({
  getParentRoute: () => appLayout,
  path: '/Map',
  validateSearch: (search) => v.parse(mapSearch, search),
  component: () => <PlaceholderScreen title={msg`Map`} feature={msg`Map search`} back={false} />,
});

export const mapRoutes = [map];
