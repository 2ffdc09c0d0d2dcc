import { Trans } from '@lingui/react/macro';
import type { SiteListItem } from '../../../../sync/api/site-lists.api.ts';
import { useModal } from '../../../ui/modal.tsx';
import { CompleteGridPopup } from './CompleteGridPopup.tsx';
import { ShareGroupButton } from './ShareGroupButton.tsx';

/** A sale-list row's actions: the sold-out unit grid, extend, show, and the owner's group sharing. */
export function SiteRowActions({
  site,
  canComplete,
  onExtend,
  onShow,
  onShared,
}: {
  site: SiteListItem;
  canComplete: boolean;
  onExtend?: (() => void) | undefined;
  onShow?: (() => void) | undefined;
  /** Given on the owner's rows: sharing to a group is offered, then this reloads the list. */
  onShared?: (() => void) | undefined;
}) {
  const modal = useModal();
  return (
    <>
      {onShared ? <ShareGroupButton site={site} onShared={onShared} /> : null}
      {canComplete ? (
        <button
          type="button"
          className="button button--small"
          data-testid="row-units-complete"
          onClick={() =>
            modal.open((close) => (
              <CompleteGridPopup siteIdx={site.f_idx} siteName={site.f_name} onClose={close} />
            ))
          }
        >
          <Trans>Sold-out units</Trans>
        </button>
      ) : null}
      {onExtend ? (
        <button type="button" className="button button--small" data-testid="row-extend" onClick={onExtend}>
          <Trans>Extend</Trans>
        </button>
      ) : null}
      {onShow ? (
        <button type="button" className="button button--small" onClick={onShow}>
          <Trans>Show</Trans>
        </button>
      ) : null}
    </>
  );
}
