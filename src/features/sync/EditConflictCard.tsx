import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CommunityType } from '../../../sync/community/rules.ts';
import type { AutoInterval } from '../../../sync/notify/rules.ts';
import type { LocalEditConflict } from '../../db/db.ts';
import { syncEngine } from '../../sync/client.ts';
import { communityTypeLabels } from '../community/labels.ts';
import { intervalLabels } from '../notify/labels.ts';
import { ConflictCard } from './ConflictCard.tsx';
import { formatFieldValue } from './format.ts';

/** The fields an edit of a post, comment or notification may change (sync/edits/edit-fields.ts). */
const editFieldLabels: Record<string, MessageDescriptor> = {
  type: msg`Category`,
  title: msg`Title`,
  content: msg`Content`,
  phone: msg`Phone`,
  anony: msg`Anonymous`,
  image_url: msg`Pictures`,
  comment: msg`Comment`,
  site_idx: msg`Site`,
  made: msg`Made+`,
  push: msg`Push`,
  auto_enable: msg`Automatic sending`,
  auto_time: msg`Time`,
  auto_interval: msg`Interval`,
  contacts: msg`Contacts`,
};

const yesNo = new Set(['anony', 'made', 'push', 'auto_enable']);

/**
 * An edit of a post, comment or notification made on this device met a copy changed elsewhere
 * (protocol 8). The member keeps theirs, the server's, or a mix; `siteName` names a notification's
 * site from the device.
 */
export function EditConflictCard({
  conflict,
  siteName,
}: {
  conflict: LocalEditConflict;
  siteName: (siteIdx: number) => string | undefined;
}) {
  const { t, i18n } = useLingui();
  const subject = conflict.subject || t`Untitled`;
  const formatValue = (field: string, value: unknown): string => {
    if (yesNo.has(field)) return value === 'Y' ? t`Yes` : t`No`;
    if (field === 'type') {
      const label = communityTypeLabels[value as CommunityType];
      return label ? i18n._(label) : String(value);
    }
    if (field === 'auto_interval') {
      const label = intervalLabels[value as AutoInterval];
      return label ? i18n._(label) : String(value);
    }
    if (field === 'site_idx' && typeof value === 'number') return siteName(value) ?? `#${value}`;
    if (field === 'image_url' && Array.isArray(value)) return t`${value.length} pictures`;
    return formatFieldValue({ field, value });
  };
  return (
    <ConflictCard
      conflict={conflict}
      name={subject}
      title={
        conflict.kind === 'post' ? (
          <Trans>Post “{subject}” was changed elsewhere</Trans>
        ) : conflict.kind === 'comment' ? (
          <Trans>A comment on “{subject}” was changed elsewhere</Trans>
        ) : (
          <Trans>Notification “{subject}” was changed elsewhere</Trans>
        )
      }
      labelOf={(field) => (editFieldLabels[field] ? i18n._(editFieldLabels[field]) : field)}
      formatValue={formatValue}
      settle={(choose) => syncEngine.mutate('resolveEditConflict', { conflict_idx: conflict.f_idx, choose })}
    />
  );
}
