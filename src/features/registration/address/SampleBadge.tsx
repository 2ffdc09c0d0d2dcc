import { Trans } from '@lingui/react/macro';
import type { AddressSource } from '../../../../sync/api/address.api.ts';

/** The bundled table's answers are sample data, and say so (README: KAKAO_REST_KEY, JUSO_KEY). */
export function SampleBadge({ source }: { source: AddressSource | null }) {
  if (source !== 'sample') return null;
  return (
    <span className="badge badge--warn" data-testid="sample-data">
      <Trans>Sample data</Trans>
    </span>
  );
}
