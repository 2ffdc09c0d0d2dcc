import { useLingui } from '@lingui/react/macro';
import { useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { SyncIndicator } from '../features/sync/SyncIndicator.tsx';
import './shell-icons.css';
import { LanguageSwitch } from './LanguageSwitch.tsx';

/** The app header: back button on inner screens, the title, and status widgets on the right. */
export function ScreenHeader({
  title,
  back = false,
  right,
}: {
  title: string;
  back?: boolean;
  right?: ReactNode;
}) {
  const { t } = useLingui();
  const router = useRouter();
  return (
    <header className="screen-header">
      {back ? (
        <button
          type="button"
          className="icon-button"
          onClick={() => router.history.back()}
          aria-label={t`Back`}
        >
          <span className="shell-icon shell-icon--back" aria-hidden="true" />
        </button>
      ) : null}
      <h1 className="screen-header__title">{title}</h1>
      <div className="screen-header__right">
        <SyncIndicator />
        {right}
        <LanguageSwitch />
      </div>
    </header>
  );
}
