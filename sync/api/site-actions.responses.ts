import * as v from 'valibot';
import { int, yn } from './answer-fields.ts';

export const siteActionsResponses = {
  addSiteMemo: v.strictObject({ site_idx: int }),
  setCompleteSite: v.strictObject({ site_idx: int, complete_status: yn }),
  setHideSite: v.strictObject({ site_idx: int, hidden_status: yn }),
  setLikeSite: v.strictObject({ site_idx: int, like_status: yn }),
};
