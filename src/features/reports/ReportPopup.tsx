import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { getReportCountCall, type ReportCounts } from '../../../sync/api/reports.api.ts';
import { ImageKind } from '../../../sync/api/uploads.api.ts';
import {
  completeStatusOf,
  ReportRules,
  type ReportType,
  type SiteReportType,
  siteReportTypes,
  type UnitReportType,
  unitReportTypes,
} from '../../../sync/reports/report-types.ts';
import { reportHo_app, reportSite } from '../../../sync/reports/reports.mutators.ts';
import { api } from '../../api/client.ts';
import { useCallFailure } from '../../api/useCall.ts';
import { useConfirm } from '../../ui/dialogs.tsx';
import { FieldProblem, ProblemsScope, useFieldProblem, useFieldProblems } from '../../ui/field-problems.tsx';
import { Form, FormActions } from '../../ui/form-fields.tsx';
import { KeptNotice } from '../../ui/KeptNotice.tsx';
import { useKeptState } from '../../ui/kept-form.ts';
import { toast } from '../../ui/toast.tsx';
import { afterModalClosed } from '../points/modal-chain.ts';
import { useAttachPictures } from '../registration/attach-pictures.ts';
import { useSendOrQueue } from '../sync/useSendOrQueue.ts';
import { acceptReportWarning, reportWarningAccepted } from './first-report-warning.ts';
import { reportTypeLabels } from './labels.ts';
import { ReportCountsLine } from './ReportCountsLine.tsx';
import { ReportPictures } from './ReportPictures.tsx';
import './reports.css';

export interface ReportTarget {
  siteIdx: number;
  siteName: string;
  /** A unit report; none for a report on the whole site. */
  unit?: { hoIdx: number; label: string };
}

/**
 * Spec §2 unit and site report modal: a type, a memo and pictures. Online the report is sent at
 * once (the server's answer, such as 'already reported today', is shown); without a network it
 * waits in the outbox with its pictures and is sent on the next sync.
 */
export function ReportPopup({ target, close }: { target: ReportTarget; close: () => void }) {
  // What is typed (type, memo, pictures) is kept on the device until sent or cancelled
  // (src/ui/kept-form.ts): the same report opened after a reload has it again.
  const kept = useKeptState<KeptReport>({
    key: `report:${target.siteIdx}:${target.unit?.hoIdx ?? 'site'}`,
    initial: { type: null, memo: '', files: [] },
  });
  if (!kept.ready) return null;
  return <ReportForm target={target} close={close} kept={kept} />;
}

interface KeptReport {
  type: ReportType | null;
  memo: string;
  files: File[];
}

function ReportForm({
  target,
  close,
  kept,
}: {
  target: ReportTarget;
  close: () => void;
  kept: ReturnType<typeof useKeptState<KeptReport>>;
}) {
  const { t } = useLingui();
  const confirm = useConfirm();
  const { send, pending } = useSendOrQueue();
  const fail = useCallFailure();
  const types: readonly ReportType[] = target.unit ? unitReportTypes : siteReportTypes;
  const { type, memo, files } = kept.value;
  const checked = useFieldProblems(['report_type', 'memo', 'memo_images'] as const);
  const setType = (next: ReportType) => {
    checked.clear('report_type');
    kept.set((k) => ({ ...k, type: next }));
  };
  const setMemo = (next: string) => kept.set((k) => ({ ...k, memo: next }));
  const setFiles = (change: (list: File[]) => File[]) => kept.set((k) => ({ ...k, files: change(k.files) }));
  const finish = () => {
    void kept.discard();
    close();
  };
  // Offline the counts are simply not shown: the report can still be queued.
  const [counts, setCounts] = useState<ReportCounts | undefined>();
  useEffect(() => {
    api(getReportCountCall, {}).then(setCounts, () => {});
  }, []);

  const pictures = useAttachPictures({
    count: files.length,
    max: ReportRules.maxImages,
    add: (picked) => setFiles((list) => [...list, ...picked]),
  });

  const removeLast = async () => {
    if (files.length === 0) return toast(t`There is no picture to delete.`);
    if (await confirm(t`The last picture will be deleted.`)) setFiles((list) => list.slice(0, -1));
  };

  // The type list shown is the unit's or the site's, so the chosen type fits the call made.
  const siteArgs = (images: string[]) => ({
    site_idx: target.siteIdx,
    report_type: type as SiteReportType,
    complete_status: completeStatusOf(type as ReportType),
    memo: memo.trim(),
    memo_images: images,
  });
  const unitArgs = (images: string[], hoIdx: number) => ({
    ...siteArgs(images),
    report_type: type as UnitReportType,
    ho_idx: hoIdx,
  });

  /**
   * Sent at once (pictures through the upload call, checked by their bytes), or without a network
   * kept on the device with its pictures and sent on the next sync.
   */
  /** A -4 naming a field of the form is said beside it; any other refusal as the server wrote it. */
  const failure = (err: unknown) => {
    if (!checked.fromServer(err)) fail(err);
  };

  const submit = async () => {
    if (checked.show({ report_type: type ? undefined : t`Please choose what you are reporting.` })) return;
    if (!(await confirm(t`Send this report?`))) return;
    const sent = { files, kind: ImageKind.memo };
    const hoIdx = target.unit?.hoIdx;
    const done =
      hoIdx === undefined
        ? await send({ mutator: reportSite, args: siteArgs, pictures: sent }, { failure })
        : await send(
            { mutator: reportHo_app, args: (images) => unitArgs(images, hoIdx), pictures: sent },
            { failure },
          );
    if (done !== undefined) finish();
  };

  return (
    <ProblemsScope of={checked}>
      <Form onSubmit={submit} testId="report-popup" formRef={checked.root}>
        <h2 className="modal__title">{target.unit ? t`Report a unit` : t`Report a site`}</h2>
        <p className="muted">
          {target.siteName}
          {target.unit ? ` · ${target.unit.label}` : ''}
        </p>
        <KeptNotice restored={kept.restored} onStartOver={kept.reset} />
        <ReportCountsLine counts={counts} />
        <ReportTypeChoice types={types} type={type} onChange={setType} />
        <textarea
          className="input"
          rows={4}
          maxLength={ReportRules.maxMemo}
          aria-label={t`Memo`}
          placeholder={t`What you saw, where and when (optional)`}
          value={memo}
          onChange={(e) => setMemo(e.target.value)}
        />
        <FieldProblem field="memo" />
        <ReportPictures
          files={files}
          room={pictures.room}
          onAdd={pictures.attach}
          onRemoveLast={() => void removeLast()}
        />
        <FieldProblem field="memo_images" />
        <FormActions
          onCancel={finish}
          pending={pending}
          blocked={counts?.blocked === true}
          submitLabel={<Trans>Send report</Trans>}
          submitTestId="report-send"
        />
      </Form>
    </ProblemsScope>
  );
}

/** What the report is about (spec §5: required); its problem under the choices. */
function ReportTypeChoice({
  types,
  type,
  onChange,
}: {
  types: readonly ReportType[];
  type: ReportType | null;
  onChange: (type: ReportType) => void;
}) {
  const { t, i18n } = useLingui();
  const { controlProps } = useFieldProblem('report_type');
  return (
    <fieldset className="choice-list">
      <legend>{t`What did you see?`}</legend>
      {types.map((value, i) => (
        <label key={value} className="choice">
          <input
            type="radio"
            name="report_type"
            value={value}
            checked={type === value}
            onChange={() => onChange(value)}
            // The first choice carries the problem, so the focus lands on the list.
            {...(i === 0 ? controlProps : {})}
          />{' '}
          {i18n._(reportTypeLabels[value])}
        </label>
      ))}
      <FieldProblem field="report_type" />
    </fieldset>
  );
}

/** Opens the report form, after the first-use warning about inaccurate reports (spec §5). */
export function useReportWarning() {
  const { t } = useLingui();
  const confirm = useConfirm();
  return async (): Promise<boolean> => {
    if (reportWarningAccepted()) return true;
    const ok = await confirm(
      t`Reports are checked by the admins. An accepted report earns points (1,000 for a site, 100 for a unit); after three inaccurate reports are rejected you can no longer report. Continue?`,
    );
    if (!ok) return false;
    acceptReportWarning();
    // The form opens once the confirm has left the modal stack.
    await afterModalClosed();
    return true;
  };
}
