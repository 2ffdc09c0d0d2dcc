import { useLingui } from '@lingui/react/macro';
import { useModal } from '../../ui/modal.tsx';
import { IosInstallGuide } from './IosInstallGuide.tsx';
import { promptInstall, useInstallWay } from './install-state.ts';

/**
 * Install the app, on the More screen, while the app can be installed: the browser's prompt, or the iOS
 * guide. There for a member who said "later" to the offer (issue 32).
 */
export function InstallTile() {
  const { t } = useLingui();
  const modal = useModal();
  const way = useInstallWay();
  if (way === null) return null;
  const open = () => {
    if (way === 'prompt') {
      void promptInstall();
      return;
    }
    modal.open((close) => (
      <div>
        <h2 className="modal__title">{t`Install the app`}</h2>
        <IosInstallGuide />
        <div className="modal__actions">
          <button type="button" className="button" onClick={close}>
            {t`Close`}
          </button>
        </div>
      </div>
    ));
  };
  return (
    <button type="button" className="tile" data-testid="install-tile" onClick={open}>
      {t`Install the app`}
    </button>
  );
}
