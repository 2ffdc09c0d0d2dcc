import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ReportResult, ReportType } from '../../../sync/reports/report-types.ts';

/** Spec §3 report types in the agent's words. */
export const reportTypeLabels: Record<ReportType, MessageDescriptor> = {
  HC: msg`Unit sold out`,
  HW: msg`Wrong unit information`,
  US: msg`Unit on sale again`,
  SC: msg`Site sold out`,
  SS: msg`Sale stopped`,
  SR: msg`Sale resumed`,
  STC: msg`Contact number changed`,
  PC: msg`Price changed`,
};

export const reportResultLabels: Record<ReportResult, MessageDescriptor> = {
  U: msg`Pending`,
  T: msg`Accepted`,
  F: msg`Rejected`,
};

export const reportResultBadge: Record<ReportResult, string> = {
  U: 'badge--warn',
  T: 'badge--ok',
  F: 'badge--danger',
};
