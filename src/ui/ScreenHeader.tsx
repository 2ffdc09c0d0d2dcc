import { useLingui } from '@lingui/react/macro';
import { useRouter } from '@tanstack/react-router';
import type { ComponentType, ReactNode } from 'react';
import { Icon } from './Icon.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { shellIcons } from './shell-icons.ts';

let Status: ComponentType | null = null;

/**
 * What every header shows first on its right (the sync state). The app sets it as it starts
 * (src/app/App.tsx): a shared widget knows no feature.
 */
export function setHeaderStatus(status: ComponentType): void {
  Status = status;
}

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
          <Icon data={shellIcons.back} size={24} className="shell-icon" />
        </button>
      ) : null}
      <h1 className="screen-header__title">{title}</h1>
      <div className="screen-header__right">
        {Status ? <Status /> : null}
        {right}
        <LanguageSwitch />
      </div>
    </header>
  );
}
