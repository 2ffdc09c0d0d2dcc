import type { UnregisteredReport } from '../../sync/sites/registration.ts';
import { checkUnregistered, parseList } from '../../sync/sites/rules.ts';
import type { AuthedContext } from '../http/context.ts';
import { forbidden, invalidInput, notFound } from '../http/errors.ts';
import { refuseLocalFiles } from '../uploads/local-files.ts';
import { registrationMessages, unregisteredRuleMessages } from './registration.messages.ts';
import { isVisibleTo, readSiteHead } from './site-access.ts';
import { loadSiteRows } from './site-rows.repository.ts';
import { insertSiteRow, writeSiteFields } from './site-writer.repository.ts';

/**
 * The unregistered-site report (spec §2 Unregistered site form, §5): a member tells the
 * managers about a site nobody registered yet. It is kept as a site of kind U with f_confirm U
 * (pending), never shown on the map, and its prices are always 0.
 */

/** Spec §5: an empty charter fee becomes 0; fee values not typed are 0; only filled contact pairs count. */
export function normalizeReport(report: UnregisteredReport) {
  const fees = new Set(parseList(report.f_fee_type));
  const fee = (letter: string, value: number | null) => (fees.has(letter) ? (value ?? 0) : 0);
  return {
    f_name: report.f_name.trim(),
    f_address1: report.f_address1.trim(),
    f_address2: report.f_address2.trim(),
    f_latitude: report.f_latitude,
    f_longitude: report.f_longitude,
    f_bjd_code: report.f_bjd_code,
    f_land_type: report.f_land_type,
    f_main_no: report.f_main_no,
    f_sub_no: report.f_sub_no,
    contacts: report.contacts
      .filter((c) => c.f_name.trim() && c.f_phone.trim())
      .map((c) => ({ f_name: c.f_name.trim(), f_phone: c.f_phone.replace(/\D/g, '') })),
    f_maemul_type: report.f_maemul_type,
    f_transaction_type: report.f_transaction_type,
    f_room_num: report.f_room_num,
    f_toilet_num: report.f_toilet_num,
    f_open_date: report.f_open_date,
    f_inlay_image_url: report.f_inlay_image_url,
    f_memo: report.f_memo,
    f_fee_type: report.f_fee_type,
    f_fee_t: fee('T', report.f_fee_t),
    f_fee_c: fee('C', report.f_fee_c),
    f_fee_i: fee('I', report.f_fee_i),
    f_fee_s: fee('S', report.f_fee_s),
    f_fee_o: fee('O', report.f_fee_o),
  };
}

export async function addUnregisteredSite({
  ctx,
  report,
}: {
  ctx: AuthedContext;
  report: UnregisteredReport;
}): Promise<{ site_idx: number }> {
  refuseLocalFiles({ value: report.f_inlay_image_url, field: 'f_inlay_image_url' });
  const failure = checkUnregistered(report);
  if (failure) throw invalidInput({ field: failure.field, msg: unregisteredRuleMessages[failure.rule] });
  const fields = normalizeReport(report);
  return ctx.db.transaction().execute(async (tx) => {
    const now = ctx.clock.now();
    const siteIdx = await insertSiteRow({
      db: tx,
      userIdx: ctx.auth.user.f_idx,
      kind: 'U',
      status: 'N',
      clientId: null,
      now,
      confirm: 'U',
    });
    // Prices stay at their default 0: a report carries none (spec §5).
    await writeSiteFields({ db: tx, siteIdx, fields, now });
    return { site_idx: siteIdx };
  });
}

export async function getUnregisteredSite({ ctx, siteIdx }: { ctx: AuthedContext; siteIdx: number }) {
  return ctx.db.connection().execute(async (db) => {
    const head = await readSiteHead({ db, siteIdx });
    if (head?.f_site_type !== 'U' || head.f_status === 'D') {
      throw notFound(registrationMessages.reportNotFound);
    }
    // A report is seen by its reporter and admins: the visibility rule of every site.
    if (!(await isVisibleTo({ db, siteIdx, auth: ctx.auth }))) {
      throw forbidden(registrationMessages.notReporter);
    }
    const [row] = await loadSiteRows({ db, ids: [siteIdx] });
    if (!row) throw notFound(registrationMessages.reportNotFound);
    return {
      site_idx: siteIdx,
      f_user_idx: row.f_user_idx,
      f_confirm: row.f_confirm,
      f_reg_time: row.f_reg_time,
      report: {
        f_name: row.f_name,
        f_address1: row.f_address1,
        f_address2: row.f_address2,
        f_latitude: row.f_latitude,
        f_longitude: row.f_longitude,
        f_bjd_code: row.f_bjd_code,
        f_land_type: row.f_land_type,
        f_main_no: row.f_main_no,
        f_sub_no: row.f_sub_no,
        contacts: row.contacts,
        f_maemul_type: row.f_maemul_type,
        f_transaction_type: row.f_transaction_type,
        f_room_num: row.f_room_num,
        f_toilet_num: row.f_toilet_num,
        f_open_date: row.f_open_date,
        f_inlay_image_url: row.f_inlay_image_url,
        f_memo: row.f_memo,
        f_fee_type: row.f_fee_type,
        f_fee_t: row.f_fee_t,
        f_fee_c: row.f_fee_c,
        f_fee_i: row.f_fee_i,
        f_fee_s: row.f_fee_s,
        f_fee_o: row.f_fee_o,
      },
    };
  });
}
