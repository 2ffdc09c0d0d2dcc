import { Trans } from '@lingui/react/macro';
import { useModal } from '../../ui/modal.tsx';
import { useProfile } from '../auth/profile.ts';
import { UsageExtensionPopup } from '../points/UsageExtensionPopup.tsx';

/**
 * Where the map's results would be when the server refused the search: a member without a valid
 * ticket is told whether they never had one or it ran out, with the way to the plans; any other
 * refusal (under review) was told as the server worded it.
 */
export function MapRefusal() {
  const profile = useProfile();
  const modal = useModal();
  if (profile && !profile.ticket_valid && profile.approval === 'A') {
    return (
      <div className="map-refusal" role="status" data-testid="map-refusal">
        <p>
          {profile.usage_date ? (
            <Trans>Your usage ticket has run out. Extend it to search the map.</Trans>
          ) : (
            <Trans>You have no usage ticket yet. Choose a plan to search the map.</Trans>
          )}
        </p>
        <button
          type="button"
          className="button button--primary"
          onClick={() => modal.open((close) => <UsageExtensionPopup close={close} />)}
        >
          <Trans>See plans</Trans>
        </button>
      </div>
    );
  }
  return (
    <p className="map-refusal" role="status" data-testid="map-refusal">
      <Trans>Map search is not available to this account yet.</Trans>
    </p>
  );
}
