import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useMemo, useState } from 'react';
import type { SiteListItem } from '../../../../sync/api/site-lists.api.ts';
import { syncEngine } from '../../../sync/client.ts';
import { useConfirm } from '../../../ui/dialogs.tsx';
import { useModal } from '../../../ui/modal.tsx';
import { toast } from '../../../ui/toast.tsx';
import { useOnline } from '../../../ui/useOnline.ts';
import { useMember } from '../common/useMember.ts';
import { SiteSearchBox } from '../sale-list/SiteSearchBox.tsx';
import { TransferModal } from '../transfer/TransferModal.tsx';
import { SiteSelectList } from './SiteSelectList.tsx';
import { type SiteSelectMode, type SiteSelectTab, tabLoaders, tabsOf } from './site-select.ts';

/**
 * Spec §2 Site select popup: tabs my sites and group sites, a search, and a list that loads
 * as it scrolls (offline, from the device). What a tap does depends on the mode
 * (site-select.ts): hand the site back (`onPicked`, then the popup closes), mark it sold out
 * or open again (the offline operation setCompleteSite), or open the transfer modal; after a
 * transfer the list reloads without the site and the device pulls at once.
 */
export function SiteSelectPopup({
  mode,
  close,
  onPicked,
}: {
  mode: SiteSelectMode;
  close: () => void;
  onPicked?: (site: SiteListItem) => void;
}) {
  const { t } = useLingui();
  const { uid } = useMember();
  const modal = useModal();
  const confirm = useConfirm();
  const online = useOnline();
  const tabs = tabsOf(mode);
  const [tab, setTab] = useState<SiteSelectTab>('mine');
  const [keyword, setKeyword] = useState('');
  const [version, setVersion] = useState(0);
  /** Completion states set here, shown at once while the outbox sends them. */
  const [completed, setCompleted] = useState<ReadonlyMap<number, 'Y' | 'N'>>(new Map());

  const loaders = useMemo(() => tabLoaders({ tab, mode, keyword, uid }), [tab, mode, keyword, uid]);
  const present = useCallback(
    (site: SiteListItem): SiteListItem => {
      const state = completed.get(site.f_idx);
      return state ? { ...site, f_complete: state } : site;
    },
    [completed],
  );

  const complete = async (site: SiteListItem) => {
    const next = site.f_complete === 'Y' ? 'N' : 'Y';
    const question =
      next === 'Y' ? t`Mark “${site.f_name}” as sold out?` : t`Open “${site.f_name}” for sale again?`;
    if (!(await confirm(question))) return;
    await syncEngine.mutate('setCompleteSite', { site_idx: site.f_idx, complete_status: next });
    setCompleted((m) => new Map(m).set(site.f_idx, next));
    toast(next === 'Y' ? t`Marked as sold out.` : t`Open for sale again.`);
  };

  const pick = (site: SiteListItem) => {
    if (mode === 'picker') {
      onPicked?.(site);
      close();
    } else if (mode === 'complete') {
      void complete(site);
    } else {
      modal.open((closeTransfer) => (
        <TransferModal
          site={site}
          close={closeTransfer}
          onTransferred={() => {
            closeTransfer();
            // The site has left the member's sites: show the list without it, and let the
            // device drop it now rather than at the next timed pull.
            setVersion((v) => v + 1);
            void syncEngine.sync();
          }}
        />
      ));
    }
  };

  const title = { picker: t`Select a site`, complete: t`Sold-out sites`, transfer: t`Transfer a site` }[mode];
  return (
    <div className="site-select" data-testid="site-select" data-mode={mode}>
      <h2 className="modal__title">{title}</h2>
      {mode === 'transfer' ? (
        <p className={online ? 'muted' : 'banner banner--warn'}>
          {online
            ? t`Choose one of your sites to hand over to another member.`
            : t`Transferring a site needs a network connection.`}
        </p>
      ) : null}
      {mode === 'complete' ? (
        <p className="muted">{t`Tap a new-open site to mark it sold out or open again.`}</p>
      ) : null}
      {tabs.length > 1 ? (
        <div className="tabs" role="tablist">
          <button type="button" role="tab" aria-selected={tab === 'mine'} onClick={() => setTab('mine')}>
            <Trans>My sites</Trans>
          </button>
          <button type="button" role="tab" aria-selected={tab === 'group'} onClick={() => setTab('group')}>
            <Trans>Group sites</Trans>
          </button>
        </div>
      ) : null}
      <SiteSearchBox label={t`Search sites`} onSearch={setKeyword} />
      <SiteSelectList
        key={`${tab}|${keyword}|${version}`}
        label={tab === 'mine' ? t`My sites` : t`Group sites`}
        online={loaders.online}
        offline={loaders.offline}
        onPick={pick}
        present={present}
      />
      <div className="modal__actions">
        <button type="button" className="button" onClick={close}>
          {t`Close`}
        </button>
      </div>
    </div>
  );
}
