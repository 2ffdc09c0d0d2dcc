import { MemberViewBanner } from '../features/admin/MemberViewBanner.tsx';
import { UpdatePrompt } from '../ui/UpdatePrompt.tsx';
import { HomeLeaveBlocker } from './HomeLeaveBlocker.tsx';

/**
 * What acts after the first screen is up, in one chunk off the entry: the back-button rule of
 * Home, the update prompt (which registers the service worker) and the mark of an admin's
 * member view.
 */
export function AfterStart() {
  return (
    <>
      <HomeLeaveBlocker />
      <UpdatePrompt />
      <MemberViewBanner />
    </>
  );
}
