import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { CommunityType, InquiryType, PostProblem, SearchColumn } from '../../../sync/community/rules.ts';

/** Spec §3 community categories, as the tabs and the form name them. */
export const communityTypeLabels: Record<CommunityType, MessageDescriptor> = {
  N: msg`Notice`,
  S: msg`Find site`,
  W: msg`Worker job`,
  R: msg`Free board`,
};

export const searchColumnLabels: Record<SearchColumn, MessageDescriptor> = {
  title: msg`Title`,
  content: msg`Content`,
  writer: msg`Writer`,
};

/** Spec §5 Community messages, in the form's order. */
export const postProblemLabels: Record<PostProblem, MessageDescriptor> = {
  phone: msg`Please enter a phone number.`,
  title: msg`Please enter a title.`,
  content: msg`Please enter the content.`,
  agree: msg`Please agree that the post is honest.`,
};

/** Spec §3 inquiry types (the spec lists the letters only; these are the app's names for them). */
export const inquiryTypeLabels: Record<InquiryType, MessageDescriptor> = {
  R: msg`Site registration`,
  U: msg`Usage ticket`,
  A: msg`Account`,
  C: msg`Community`,
  N: msg`Notifications`,
  P: msg`Points and payment`,
  O: msg`Other`,
};
