import { Trans } from '@lingui/react/macro';
import { Icon } from '../../ui/Icon.tsx';
import { IosShareIcon } from '../../ui/icons.ts';

/** How to add the app to the home screen on iOS, where Safari offers no prompt. */
export function IosInstallGuide() {
  return (
    <p className="install-guide" data-testid="ios-install-guide">
      <Trans>
        Tap the share button <Icon data={IosShareIcon} size={16} /> at the bottom of Safari, then choose “Add
        to Home Screen”. On an iPhone, notifications arrive only in the app added to the home screen.
      </Trans>
    </p>
  );
}
