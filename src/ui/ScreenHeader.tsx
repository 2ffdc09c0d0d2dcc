import { useLingui } from '@lingui/react/macro';
import { useRouter } from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense } from 'react';
import { Icon } from './Icon.tsx';
import { BackIcon } from './icons.ts';
import { LanguageSwitch } from './LanguageSwitch.tsx';

const SyncIndicator = lazy(() =>
  import('../features/sync/SyncIndicator.tsx').then((m) => ({ default: m.SyncIndicator })),
);

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
          <Icon data={BackIcon} size={24} />
        </button>
      ) : null}
      <h1 className="screen-header__title">{title}</h1>
      <div className="screen-header__right">
        <Suspense fallback={null}>
          <SyncIndicator />
        </Suspense>
        {right}
        <LanguageSwitch />
      </div>
    </header>
  );
}
