import { lazy, Suspense } from 'react';

// The home is in the entry chunk: the link and its count load as their own small chunk.
const Body = lazy(() => import('./TodayLinkBody.tsx'));

/** Spec §2 Home: the today reminder link to /notify/today (one line in HomeScreen). */
export function TodayLink() {
  return (
    <Suspense fallback={null}>
      <Body />
    </Suspense>
  );
}
