import { MemberViewBanner } from '../features/admin/MemberViewBanner.tsx';
// Installing: the offer after the first sync, and the app icon's unread badge.
import { AppBadge } from '../features/install/AppBadge.tsx';
import { InstallOffer } from '../features/install/InstallOffer.tsx';
// Offline areas are refreshed after a sync completes online.
import { KeptAreasRefresh } from '../features/offline-areas/KeptAreasRefresh.tsx';
// Web Push: this device stays subscribed while the member takes pushes.
import { PushOnStart } from '../features/push/PushOnStart.tsx';
import { UpdatePrompt } from '../ui/UpdatePrompt.tsx';
import { HomeLeaveBlocker } from './HomeLeaveBlocker.tsx';

/**
 * What acts after the first screen is up, in one chunk off the entry: the back-button rule of
 * Home, the update prompt (which registers the service worker), the mark of an admin's
 * member view, the device's push subscription, the refresh of the areas kept offline, the offer
 * to install the app and its icon's unread badge.
 */
export function AfterStart() {
  return (
    <>
      <HomeLeaveBlocker />
      <UpdatePrompt />
      <MemberViewBanner />
      {/* Web Push: this device stays subscribed while the member takes pushes. */}
      <PushOnStart />
      <KeptAreasRefresh />
      <InstallOffer />
      <AppBadge />
    </>
  );
}
