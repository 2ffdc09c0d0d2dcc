import { useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { MemberViewBanner } from '../features/admin/MemberViewBanner.tsx';
// Installing: the offer after the first sync, and the app icon's unread badge.
import { AppBadge } from '../features/install/AppBadge.tsx';
import { InstallOffer } from '../features/install/InstallOffer.tsx';
// Offline areas are refreshed after a sync completes online.
import { KeptAreasRefresh } from '../features/offline-areas/KeptAreasRefresh.tsx';
// Web Push: this device stays subscribed while the member takes pushes.
import { PushOnStart } from '../features/push/PushOnStart.tsx';
import { isPublicPath } from './guard.ts';
import { HomeLeaveBlocker } from './HomeLeaveBlocker.tsx';
import { startSettled } from './start-settled.ts';
import { UpdatePrompt } from './UpdatePrompt.tsx';

/**
 * What acts after the first screen is up, in one chunk off the entry: the back-button rule of
 * Home, the update prompt (which registers the service worker), the mark of an admin's
 * member view, the device's push subscription, the refresh of the areas kept offline, the offer
 * to install the app and its icon's unread badge.
 */
export function AfterStart() {
  const settled = useStartSettled();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  return (
    <>
      <HomeLeaveBlocker />
      {/* The service worker installs (and precaches ~1 MB) once the start is over: on a first
          visit over a thin link it would otherwise share the link with the first screen and the
          first sync. An installed worker keeps serving meanwhile: this only delays its update check. */}
      {settled ? <UpdatePrompt /> : null}
      <MemberViewBanner />
      {/* Web Push: this device stays subscribed while the member takes pushes (through the worker). */}
      {settled ? <PushOnStart /> : null}
      <KeptAreasRefresh />
      {/* Never on the splash or sign-in, nor in the admin area (online only, not the installed app's). */}
      <InstallOffer memberScreen={!isPublicPath(pathname) && !/^\/admin/i.test(pathname)} />
      <AppBadge />
    </>
  );
}

function useStartSettled(): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    let live = true;
    void startSettled().then(() => live && setSettled(true));
    return () => {
      live = false;
    };
  }, []);
  return settled;
}
