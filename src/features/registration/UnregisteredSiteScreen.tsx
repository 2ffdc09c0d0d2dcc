import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { addUnregisteredSiteCall, getUnregisteredSiteCall } from '../../../sync/api/registration.api.ts';
import { ImageKind, uploadImageCall } from '../../../sync/api/uploads.api.ts';
import { Limits } from '../../../sync/constants.ts';
import type { SiteContact } from '../../../sync/site-fields.ts';
import { defaultOpenDate, type UnregisteredReport } from '../../../sync/sites/registration.ts';
import { checkUnregistered, type FeeType, feeTypes } from '../../../sync/sites/rules.ts';
import { api } from '../../api/client.ts';
import { useCall, useCallFailure } from '../../api/useCall.ts';
import { localDb } from '../../db/db.ts';
import { fileIdOf } from '../../sync/files.ts';
import { KeptNotice } from '../../ui/KeptNotice.tsx';
import { useKeptState } from '../../ui/kept-form.ts';
import { ScreenHeader } from '../../ui/ScreenHeader.tsx';
import { toast } from '../../ui/toast.tsx';
import { siteMoney } from './amounts.ts';
import { BasicSection } from './BasicSection.tsx';
import { ContactsSection } from './ContactsSection.tsx';
import { ChoiceChips, joinList, listOf, MoneyField } from './controls.tsx';
import { ImagePicker } from './ImagePicker.tsx';
import { dealLabels, feeTypeLabels, maemulLabels } from './labels.ts';
import { OpenDateSection } from './OpenDateSection.tsx';
import { RoomsSection } from './RoomsSection.tsx';
import { unregisteredRuleText } from './rule-messages.ts';
import { useAmountCheck } from './useAmountCheck.ts';
import './registration.css';

type ReportForm = Required<UnregisteredReport>;

function emptyReport(): ReportForm {
  return {
    f_name: '',
    f_address1: '',
    f_address2: '',
    f_latitude: null,
    f_longitude: null,
    f_bjd_code: null,
    f_land_type: null,
    f_main_no: null,
    f_sub_no: null,
    contacts: [],
    f_maemul_type: '',
    f_transaction_type: '',
    f_room_num: null,
    f_toilet_num: null,
    f_open_date: defaultOpenDate(new Date()),
    f_inlay_image_url: [],
    f_memo: '',
    f_fee_type: '',
    f_fee_t: null,
    f_fee_c: null,
    f_fee_i: null,
    f_fee_s: null,
    f_fee_o: null,
  };
}

/** Pictures picked offline wait on the device; a report is sent online, so they go up first. */
async function uploaded(refs: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  for (const ref of refs) {
    const id = fileIdOf(ref);
    const file = id ? await localDb.files.get(id) : undefined;
    if (!file) {
      if (!id) out.push(ref);
      continue;
    }
    const named = new File([file.blob], file.name, { type: file.blob.type });
    out.push((await api(uploadImageCall, { file: named, kind: ImageKind.inlay })).url);
  }
  return out;
}

/** A submitted report, read-only: from the server, or from the device's copy when offline. */
function useReport(siteIdx: number | null): ReportForm | null {
  const [report, setReport] = useState<ReportForm | null>(null);
  const fail = useCallFailure();
  useEffect(() => {
    if (siteIdx === null) return;
    let live = true;
    api(getUnregisteredSiteCall, { site_idx: siteIdx })
      .then((data) => live && setReport(data.report))
      .catch(async (err) => {
        const local = await localDb.sites.get(siteIdx);
        if (live && local?.f_site_type === 'U')
          setReport({ ...emptyReport(), ...(local as Partial<ReportForm>) });
        else if (live) fail(err);
      });
    return () => {
      live = false;
    };
  }, [siteIdx, fail]);
  return report;
}

/**
 * The unregistered-site report (spec §2, kind U): name, address, up to 5 contacts, property
 * type, transaction types, rooms, toilets, open date, inlay images, memo to the manager and
 * fee types, checked by its own rules (spec §5). With a report's index and readonly=Y it
 * shows that report and nothing can be changed.
 */
export function UnregisteredSiteScreen({ siteIdx, readOnly }: { siteIdx: number | null; readOnly: boolean }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const memoId = useId();
  const loaded = useReport(readOnly ? siteIdx : null);
  // The report being written is kept on the device until it is sent (src/ui/kept-form.ts).
  const kept = useKeptState<{ draft: ReportForm; pending: SiteContact }>({
    key: 'unregistered:new',
    initial: () => ({ draft: emptyReport(), pending: { f_name: '', f_phone: '' } }),
  });
  const { draft, pending } = kept.value;
  const setPending = (next: SiteContact) => kept.set((k) => ({ ...k, pending: next }));
  const { run, pending: busy } = useCall();
  const checkAmounts = useAmountCheck();
  const form = readOnly ? (loaded ?? emptyReport()) : draft;
  const update = (patch: Partial<ReportForm>) => kept.set((k) => ({ ...k, draft: { ...k.draft, ...patch } }));
  const fees = listOf(form.f_fee_type) as FeeType[];

  const submit = async () => {
    // A typed pair not added yet is added when there is room (spec §5), as on registration.
    const typed = pending.f_name.trim() !== '' && pending.f_phone.trim() !== '';
    const contacts =
      typed && draft.contacts.length < Limits.maxSiteContacts
        ? [...draft.contacts, { f_name: pending.f_name.trim(), f_phone: pending.f_phone }]
        : draft.contacts;
    const report = { ...draft, contacts };
    const failure = checkUnregistered(report);
    if (failure) {
      toast(i18n._(unregisteredRuleText[failure.rule]));
      return;
    }
    if (!(await checkAmounts({ values: report, money: siteMoney }))) return;
    const added = await run(async () => {
      const images = await uploaded(report.f_inlay_image_url);
      return api(addUnregisteredSiteCall, { ...report, f_inlay_image_url: images });
    });
    if (added) await kept.discard();
    if (added)
      await navigate({
        to: '/UnregisteredSite',
        search: { site_idx: added.site_idx, readonly: 'Y' },
        replace: true,
      });
  };

  if ((readOnly && !loaded) || (!readOnly && !kept.ready)) {
    return (
      <>
        <ScreenHeader title={t`Unregistered site report`} back />
        <main className="screen">
          <p className="muted" role="status">
            <Trans>Opening…</Trans>
          </p>
        </main>
      </>
    );
  }

  return (
    <>
      <ScreenHeader title={readOnly ? t`Unregistered site report` : t`Report an unregistered site`} back />
      <main className="screen reg-screen">
        {readOnly ? (
          <p className="banner banner--warn">
            <Trans>This report was sent. It can be read but not changed.</Trans>
          </p>
        ) : (
          <KeptNotice restored={kept.restored} onStartOver={kept.reset} />
        )}
        <BasicSection fields={form} update={update} disabled={readOnly} />
        <ContactsSection
          contacts={form.contacts}
          pending={pending}
          onContacts={(contacts) => update({ contacts })}
          onPending={setPending}
          disabled={readOnly}
        />
        <section className="card reg-section" aria-label={t`Site type and transaction`}>
          <ChoiceChips
            legend={t`Site type`}
            options={maemulLabels.map((label, i) => ({ value: String(i), label: i18n._(label) }))}
            selected={listOf(form.f_maemul_type)}
            multiple={false}
            onChange={(values) => update({ f_maemul_type: joinList(values) })}
            disabled={readOnly}
          />
          <ChoiceChips
            legend={t`Transaction types`}
            options={dealLabels.map((label, i) => ({ value: String(i), label: i18n._(label) }))}
            selected={listOf(form.f_transaction_type)}
            multiple
            onChange={(values) => update({ f_transaction_type: joinList([...values].sort()) })}
            disabled={readOnly}
          />
        </section>
        <RoomsSection
          fields={{ ...form, f_veranda_num: null, f_utility_room_num: null, f_duplex: 'N', f_teras: 'N' }}
          update={update}
          compact
          disabled={readOnly}
        />
        <OpenDateSection
          value={form.f_open_date}
          onChange={(f_open_date) => update({ f_open_date })}
          disabled={readOnly}
        />
        <section className="card reg-section" aria-label={t`Fees`}>
          <ChoiceChips
            legend={t`Fee types`}
            options={feeTypes.map((fee) => ({ value: fee, label: i18n._(feeTypeLabels[fee]) }))}
            selected={fees}
            multiple
            onChange={(values) =>
              update({ f_fee_type: joinList(feeTypes.filter((f) => values.includes(f))) })
            }
            disabled={readOnly}
          />
          {feeTypes
            .filter((fee) => fees.includes(fee))
            .map((fee) => {
              const key = `f_fee_${fee.toLowerCase() as Lowercase<FeeType>}` as const;
              return (
                <MoneyField
                  key={fee}
                  label={t`${i18n._(feeTypeLabels[fee])} amount`}
                  value={form[key]}
                  scale="million"
                  disabled={readOnly}
                  onChange={(n) => update({ [key]: n === null ? null : Math.max(0, Math.round(n)) })}
                />
              );
            })}
        </section>
        <section className="card reg-section" aria-label={t`Images and memo`}>
          <ImagePicker
            label={t`Inlay pictures`}
            value={form.f_inlay_image_url}
            kind={ImageKind.inlay}
            onChange={(f_inlay_image_url) => update({ f_inlay_image_url })}
            disabled={readOnly}
          />
          <div className="field">
            <label htmlFor={memoId}>
              <Trans>Memo to the manager</Trans>
            </label>
            <textarea
              id={memoId}
              rows={4}
              maxLength={5000}
              value={form.f_memo}
              disabled={readOnly}
              onChange={(e) => update({ f_memo: e.target.value })}
            />
          </div>
        </section>
      </main>
      {readOnly ? null : (
        <div className="reg-bottom-bar">
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={() => void submit()}
          >
            <Trans>Send report</Trans>
          </button>
        </div>
      )}
    </>
  );
}
