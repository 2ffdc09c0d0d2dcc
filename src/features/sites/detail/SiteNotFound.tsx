import { Trans, useLingui } from '@lingui/react/macro';
import { ScreenHeader } from '../../../ui/ScreenHeader.tsx';

/** A detail link without a usable site id. */
export function SiteNotFound() {
  const { t } = useLingui();
  return (
    <>
      <ScreenHeader title={t`Site detail`} back />
      <main className="screen">
        <p className="empty">
          <Trans>No information found.</Trans>
        </p>
      </main>
    </>
  );
}
