import { Trans, useLingui } from '@lingui/react/macro';
import type { RegistrationKind } from '../../../sync/sites/registration.ts';
import { ScreenHeader } from '../../ui/ScreenHeader.tsx';
import { ApprovalGate } from './ApprovalGate.tsx';
import type { RegistrationSearch } from './navigation.ts';
import { RegistrationStep1 } from './RegistrationStep1.tsx';
import { RegistrationStep2 } from './RegistrationStep2.tsx';
import { useRegistrationEntry } from './useRegistrationEntry.ts';

/** /RegSite/step1/{New|General} and /RegSite/step2: the registration the URL names, once it is open. */
export function RegistrationRoute(props: {
  step: 1 | 2;
  kind: RegistrationKind;
  search: RegistrationSearch;
}) {
  const { t } = useLingui();
  return (
    <ApprovalGate title={t`Register a site`}>
      <OpenRegistration {...props} />
    </ApprovalGate>
  );
}

function OpenRegistration({
  step,
  kind,
  search,
}: {
  step: 1 | 2;
  kind: RegistrationKind;
  search: RegistrationSearch;
}) {
  const { t } = useLingui();
  const key = useRegistrationEntry({ step, kind, search });
  if (!key) {
    return (
      <>
        <ScreenHeader title={t`Register a site`} back />
        <main className="screen">
          <p className="muted" role="status">
            <Trans>Opening…</Trans>
          </p>
        </main>
      </>
    );
  }
  return step === 1 ? (
    <RegistrationStep1 sessionKey={key} search={search} />
  ) : (
    <RegistrationStep2 sessionKey={key} search={search} />
  );
}
