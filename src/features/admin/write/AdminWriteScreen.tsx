import { useLingui } from '@lingui/react/macro';
import { Link, useParams } from '@tanstack/react-router';
import { AdminInquiriesView } from './AdminInquiriesView.tsx';
import { AdminPostsView } from './AdminPostsView.tsx';
import { AdminSalesView } from './AdminSalesView.tsx';
import '../../community/community.css';

export type AdminWriteView = 'community' | 'notice' | 'inquire' | 'update_sale' | 'sale';

/** Spec §2 admin routes write/community and write/notice (and the inquiry answering beside them). */
function writePath(view: AdminWriteView): string {
  return `/admin/write/${view}`;
}

const views: readonly AdminWriteView[] = ['community', 'notice', 'inquire', 'update_sale', 'sale'];

/**
 * Spec §2 admin write (tab 4, /admin/write/$view): the community posts, the notices, inquiry answering,
 * and the sites (update_sale: edit any site; sale: register one) through the registration screens.
 */
export function AdminWriteScreen() {
  const { t } = useLingui();
  const params = useParams({ strict: false }) as { view?: string };
  const view = views.find((v) => v === params.view?.toLowerCase()) ?? 'community';
  const tabs: Array<[AdminWriteView, string]> = [
    ['community', t`Community`],
    ['notice', t`Notices`],
    ['inquire', t`Inquiries`],
    // Sites as an admin, in the registration screens.
    ['update_sale', t`Edit sites`],
    ['sale', t`Register sales`],
  ];
  return (
    <>
      <div className="tabs" role="tablist">
        {tabs.map(([value, title]) => (
          <Link key={value} to={writePath(value)} role="tab" aria-selected={view === value}>
            {title}
          </Link>
        ))}
      </div>
      {view === 'update_sale' || view === 'sale' ? (
        <AdminSalesView key={view} mode={view} />
      ) : view === 'inquire' ? (
        <AdminInquiriesView />
      ) : (
        <AdminPostsView key={view} notices={view === 'notice'} />
      )}
    </>
  );
}
