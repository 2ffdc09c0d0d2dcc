import { useLingui } from '@lingui/react/macro';
import { setHideSiteCall } from '../../../../sync/api/site-actions.api.ts';
import {
  removeSiteCall,
  removeSiteForeverCall,
  restoreAndHiddenSiteCall,
} from '../../../../sync/api/site-visibility.api.ts';
import { api } from '../../../api/client.ts';
import { useConfirm } from '../../../ui/dialogs.tsx';
import { useAdminAction } from '../../admin/useAdminAction.ts';

/**
 * The admin's buttons by state (spec §4): deleted — restore, restore and hide, delete forever;
 * hidden — show, delete, delete forever; completed — delete, delete forever.
 */
export function AdminSiteButtons({
  state,
  siteIdx,
  onDone,
}: {
  state: 'D' | 'H' | 'C';
  siteIdx: number;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const confirm = useConfirm();
  const run = useAdminAction();
  const act = async (question: string, call: () => Promise<unknown>, danger = false) => {
    if (!(await confirm(question, { danger }))) return;
    if ((await run(call)) !== undefined) onDone();
  };
  const site_idx = siteIdx;
  const buttons: Array<{ label: string; onClick: () => void; danger?: boolean }> = [];
  if (state === 'D') {
    buttons.push(
      {
        label: t`Restore`,
        onClick: () =>
          void act(t`Restore this site?`, () => api(restoreAndHiddenSiteCall, { site_idx, hidden: 'N' })),
      },
      {
        label: t`Restore and hide`,
        onClick: () =>
          void act(t`Restore this site hidden?`, () =>
            api(restoreAndHiddenSiteCall, { site_idx, hidden: 'Y' }),
          ),
      },
    );
  }
  if (state === 'H') {
    buttons.push({
      label: t`Show`,
      onClick: () =>
        void act(t`Show this site again?`, () => api(setHideSiteCall, { site_idx, hidden_status: 'N' })),
    });
  }
  if (state !== 'D') {
    buttons.push({
      label: t`Delete`,
      onClick: () => void act(t`Delete this site?`, () => api(removeSiteCall, { site_idx }), true),
    });
  }
  buttons.push({
    label: t`Delete forever`,
    danger: true,
    onClick: () =>
      void act(
        t`Delete this site permanently? This cannot be undone.`,
        () => api(removeSiteForeverCall, { site_idx }),
        true,
      ),
  });
  return (
    <>
      {buttons.map((b) => (
        <button
          key={b.label}
          type="button"
          className={`button button--small${b.danger ? ' button--danger' : ''}`}
          onClick={b.onClick}
        >
          {b.label}
        </button>
      ))}
    </>
  );
}
