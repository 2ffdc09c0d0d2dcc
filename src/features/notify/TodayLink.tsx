import { lazy, Suspense } from 'react';

// The home and the bottom nav are in the entry chunk: the today link and the unread badge load
// together as one small chunk behind one import.
const Bits = lazy(() => import('./badges.tsx'));

/**
 * Spec §2 Home: the today reminder link to /notify/today (one line in HomeScreen); with `badge`,
 * the unread count on the bottom nav (one line in BottomNav).
 */
export function TodayLink({ badge = false }: { badge?: boolean }) {
  return (
    <Suspense fallback={null}>
      <Bits today={!badge} />
    </Suspense>
  );
}

/** The home's section of today's notifications: the today link and the newest of today (HomeScreen). */
export function TodaySection() {
  return (
    <Suspense fallback={null}>
      <Bits list />
    </Suspense>
  );
}
