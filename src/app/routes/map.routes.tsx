import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import * as v from 'valibot';
import { loadsScreens } from './lazy-screen.ts';
import { appLayout } from './root.tsx';

const mapSearch = v.object({ keyword: v.optional(v.string()) });

// OpenLayers is large: the map screen loads on first use (and is precached for offline). The map
// view is a chunk of its own (why: MapScreen.tsx), fetched here beside the screen's, not after it.
const MapScreen = lazyRouteComponent(() => {
  void import('../../features/map/MapView.tsx');
  return import('../../features/map/MapScreen.tsx');
}, 'MapScreen');

const map = createRoute({
  getParentRoute: () => appLayout,
  path: '/Map',
  validateSearch: (search) => v.parse(mapSearch, search),
  component: loadsScreens(
    function MapRoute() {
      const { keyword } = map.useSearch();
      // A new keyword from the home search box starts a fresh map screen.
      return <MapScreen key={keyword ?? ''} initialKeyword={keyword ?? ''} />;
    },
    [MapScreen],
  ),
});

export const mapRoutes = [map];
