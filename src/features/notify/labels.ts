import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AutoInterval, NotifyProblem, NotifySearchColumn } from '../../../sync/notify/rules.ts';

/** Spec §5 Notification save, in the server's words (server/notify/notify.messages.ts). */
export const notifyProblemLabels: Record<NotifyProblem, MessageDescriptor> = {
  title: msg`Please enter a title.`,
  site: msg`Please choose the site.`,
  content: msg`Please enter the content.`,
};

export const intervalLabels: Record<AutoInterval, MessageDescriptor> = {
  E: msg`Every day`,
  '3': msg`Every 3 days`,
  '5': msg`Every 5 days`,
};

export const searchColumnLabels: Record<NotifySearchColumn, MessageDescriptor> = {
  title: msg`Title`,
  content: msg`Content`,
  site: msg`Site`,
  writer: msg`Writer`,
};
