import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { AdminInquiriesView } from './AdminInquiriesView.tsx';
import { AdminPostsView } from './AdminPostsView.tsx';
import '../../community/community.css';

export type AdminWriteView = 'community' | 'notice' | 'inquire';

/** Spec §2 admin routes write/community and write/notice (and the inquiry answering beside them). */
function writePath(view: AdminWriteView): string {
  return `/admin/write/${view}`;
}

/** Spec §2 admin write (tab 4): the community posts, the notices, and inquiry answering. */
export function AdminWriteScreen({ view }: { view: AdminWriteView }) {
  const { t } = useLingui();
  const views: Array<[AdminWriteView, string]> = [
    ['community', t`Community`],
    ['notice', t`Notices`],
    ['inquire', t`Inquiries`],
  ];
  return (
    <>
      <div className="tabs" role="tablist">
        {views.map(([value, title]) => (
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
