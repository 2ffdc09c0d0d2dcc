import * as v from 'valibot';

/** A download answers the file itself on success (its type in the contract), never the envelope. */
export const adminExportResponses = {
  downloadUserTable: v.blob(),
};
