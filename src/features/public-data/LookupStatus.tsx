import { Trans, useLingui } from '@lingui/react/macro';
import type { LookupAnswer } from '../../../sync/public-data/public-data.ts';
import { formatDateTime } from '../../lib/format.ts';
import type { LookupState } from './useLookup.ts';

/** Where the shown data came from: the sample label, its fetch date, the device's copy. */
export function LookupSourceNote({
  answer,
  fromDevice,
}: {
  answer: LookupAnswer<unknown>;
  fromDevice: boolean;
}) {
  const { i18n } = useLingui();
  const date = formatDateTime(answer.fetched_at, i18n.locale === 'en' ? 'en' : 'ko');
  return (
    <p className="lookup-note muted" data-testid="lookup-note">
      {answer.source === 'sample' ? (
        <span className="badge badge--warn" data-testid="sample-data">
          <Trans>Sample data</Trans>
        </span>
      ) : null}{' '}
      {fromDevice ? (
        <span data-testid="kept-copy">
          <Trans>No network: saved on this device, fetched {date}</Trans>
        </span>
      ) : (
        <span>
          <Trans>Fetched {date}</Trans>
        </span>
      )}
      {answer.partial === true ? (
        <span className="badge badge--warn" data-testid="partial-data">
          <Trans>
            Only part of the list: the public data service did not send every row. Open it again later for the
            rest.
          </Trans>
        </span>
      ) : null}
    </p>
  );
}

/** Loading, needs-network and failure lines of a look-up; null once there is data. */
export function LookupPending({ state }: { state: LookupState<unknown> }) {
  if (state.loading) {
    return (
      <p className="muted" role="status">
        <Trans>Loading…</Trans>
      </p>
    );
  }
  if (state.needsNetwork) {
    return (
      <p className="banner banner--warn" data-testid="needs-network">
        <Trans>This look-up needs a network connection the first time.</Trans>
      </p>
    );
  }
  if (state.failed) {
    return (
      <p className="muted">
        <Trans>No information found.</Trans>
      </p>
    );
  }
  return null;
}
