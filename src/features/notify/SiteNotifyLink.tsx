import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';

/** The site detail's way to the site's notifications (/SiteNotify). */
export function SiteNotifyLink({ siteIdx }: { siteIdx: number }) {
  const { t } = useLingui();
  return (
    <section className="detail-section">
      <Link
        to="/SiteNotify"
        search={{ site_idx: siteIdx }}
        className="button grow"
        data-testid="site-notify-link"
      >
        {t`Notifications about this site`}
      </Link>
    </section>
  );
}
