import { useLingui } from '@lingui/react/macro';
import type { SiteListItem } from '../../../../sync/api/site-lists.api.ts';
import { useModal } from '../../../ui/modal.tsx';
import { useKnownGroups } from '../../groups/my-groups.ts';
import { ShareGroupPopup } from './ShareGroupPopup.tsx';

/** The row button of the owner's group sharing: names the group the site is shared with. */
export function ShareGroupButton({ site, onShared }: { site: SiteListItem; onShared: () => void }) {
  const { t } = useLingui();
  const modal = useModal();
  const known = useKnownGroups();
  const name = known.groups.find((g) => g.f_idx === site.f_group_idx)?.f_name;
  return (
    <button
      type="button"
      className={`button button--small${site.f_group_idx !== null ? ' button--primary' : ''}`}
      data-testid="row-share-group"
      onClick={() =>
        modal.open((close) => <ShareGroupPopup site={site} onClose={close} onChanged={onShared} />)
      }
    >
      {site.f_group_idx === null ? t`Share to group` : t`Group: ${name ?? t`shared`}`}
    </button>
  );
}
