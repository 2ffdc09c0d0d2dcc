import { useLingui } from '@lingui/react/macro';
import type { AnyRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { AdConnectType } from '../../../sync/home/ads.ts';
import { normalizeAdLink } from '../../../sync/home/ads.ts';

type OpenModal = (render: (close: () => void) => ReactNode) => void;

/**
 * What tapping an ad or the home logo opens (sync/home/ads.ts): S the site, C the community post,
 * I the image full size, L the web address in a new tab. Loaded on the first tap, not with the home.
 */
export async function openConnect({
  type,
  value,
  imageUrl,
  openModal,
  router,
}: {
  type: AdConnectType;
  value: string;
  imageUrl: string;
  openModal: OpenModal;
  router: AnyRouter;
}): Promise<void> {
  if (type === 'S' && value) router.history.push(`/SiteDetail?site_idx=${encodeURIComponent(value)}`);
  else if (type === 'L' && value) window.open(normalizeAdLink(value), '_blank', 'noopener,noreferrer');
  else if (type === 'I' && imageUrl) openModal((close) => <ImageView url={imageUrl} close={close} />);
  else if (type === 'C' && value) {
    const { PostDetailPopup } = await import('../community/PostDetailPopup.tsx');
    openModal((close) => (
      <PostDetailPopup
        communityIdx={Number(value)}
        close={close}
        onEdit={() => router.history.push('/Community')}
        onChanged={() => undefined}
      />
    ));
  }
}

function ImageView({ url, close }: { url: string; close: () => void }) {
  const { t } = useLingui();
  return (
    <div>
      <img className="ad-image-view" src={url} alt={t`Advertisement`} />
      <div className="modal__actions">
        <button type="button" className="button" onClick={close}>
          {t`Close`}
        </button>
      </div>
    </div>
  );
}
