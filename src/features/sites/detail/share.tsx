import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useState } from 'react';
import { useModal } from '../../../ui/modal.tsx';
import { toast } from '../../../ui/toast.tsx';

/** The link a shared site opens (spec §2 /ShareSite/{site_idx}). */
export function shareLinkOf(siteIdx: number): string {
  return `${window.location.origin}/ShareSite/${siteIdx}`;
}

function ShareDialog({ url, onClose }: { url: string; onClose: () => void }) {
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      toast(t`Link copied.`);
    } catch {
      // No clipboard permission: the link is selected for the member to copy by hand.
      (document.getElementById('share-link') as HTMLInputElement | null)?.select();
    }
  };
  return (
    <div data-testid="share-dialog">
      <h2 className="modal__title">
        <Trans>Share this site</Trans>
      </h2>
      <div className="field">
        <label htmlFor="share-link">
          <Trans>Link</Trans>
        </label>
        <input id="share-link" className="input" readOnly value={url} onFocus={(e) => e.target.select()} />
      </div>
      <div className="modal__actions">
        <button type="button" className="button" onClick={onClose}>
          <Trans>Close</Trans>
        </button>
        <button type="button" className="button button--primary" onClick={() => void copy()}>
          {copied ? t`Copied` : t`Copy link`}
        </button>
      </div>
    </div>
  );
}

/**
 * Shares a site: the system share sheet (Web Share API) where there is one, otherwise a
 * dialog with the link and a copy button.
 */
export function useShareSite() {
  const modal = useModal();
  return useCallback(
    async ({ siteIdx, title }: { siteIdx: number; title: string }) => {
      const url = shareLinkOf(siteIdx);
      if (typeof navigator.share === 'function') {
        try {
          await navigator.share({ title, url });
          return;
        } catch (err) {
          // The member closed the share sheet: nothing to do.
          if ((err as Error).name === 'AbortError') return;
        }
      }
      modal.open((close) => <ShareDialog url={url} onClose={close} />);
    },
    [modal],
  );
}
