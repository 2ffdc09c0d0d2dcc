import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { createRoute } from '@tanstack/react-router';
import { Placeholder } from '../../ui/Placeholder.tsx';
import { ScreenHeader } from '../../ui/ScreenHeader.tsx';
import { appLayout } from './root.tsx';

export function PlaceholderScreen({
  title,
  feature,
  back = true,
}: {
  title: MessageDescriptor;
  feature: MessageDescriptor;
  back?: boolean;
}) {
  const { i18n } = useLingui();
  return (
    <>
      <ScreenHeader title={i18n._(title)} back={back} />
      <main className="screen">
        <Placeholder title={i18n._(title)} feature={i18n._(feature)} />
      </main>
    </>
  );
}

/** A signed-in route whose screen a later issue builds. */
export function placeholderRoute<P extends string>({
  path,
  title,
  feature,
  back = true,
}: {
  path: P;
  title: MessageDescriptor;
  feature: MessageDescriptor;
  back?: boolean;
}) {
  return createRoute({
    getParentRoute: () => appLayout,
    path,
    component: () => <PlaceholderScreen title={title} feature={feature} back={back} />,
  });
}
