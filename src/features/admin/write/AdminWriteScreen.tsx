import { useLingui } from '@lingui/react/macro';
import { Link, useParams } from '@tanstack/react-router';
import { AdminInquiriesView } from './AdminInquiriesView.tsx';
import { AdminPostsView } from './AdminPostsView.tsx';
import '../../community/community.css';

export type AdminWriteView = 'community' | 'notice' | 'inquire';

/** Spec §2 admin routes write/community and write/notice (and the inquiry answering beside them). */
function writePath(view: AdminWriteView): string {
  return `/admin/write/${view}`;
}

const views: readonly AdminWriteView[] = ['community', 'notice', 'inquire'];

/** Spec §2 admin write (tab 4, /admin/write/$view): the community posts, the notices, and inquiry answering. */
export function AdminWriteScreen() {
  const { t } = useLingui();
  const params = useParams({ strict: false }) as { view?: string };
  const view = views.find((v) => v === params.view?.toLowerCase()) ?? 'community';
  const tabs: Array<[AdminWriteView, string]> = [
    ['community', t`Community`],
    ['notice', t`Notices`],
    ['inquire', t`Inquiries`],
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
      {view === 'inquire' ? (
        <AdminInquiriesView />
      ) : (
        <AdminPostsView key={view} notices={view === 'notice'} />
      )}
    </>
  );
}
