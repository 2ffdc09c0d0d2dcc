import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import type { SiteContact } from '../../../sync/site-fields.ts';
import { ScreenHeader } from '../../ui/ScreenHeader.tsx';
import { AreaSection } from './AreaSection.tsx';
import { BasicSection } from './BasicSection.tsx';
import { BottomBar } from './BottomBar.tsx';
import { ContactsSection } from './ContactsSection.tsx';
import { DealSection } from './DealSection.tsx';
import { FeeSection } from './FeeSection.tsx';
import { FieldGroup } from './FieldGroup.tsx';
import { GroupSection, useDefaultGroup, useRegistrationGroups } from './GroupSection.tsx';
import { MediaSection } from './MediaSection.tsx';
import type { RegistrationSearch } from './navigation.ts';
import { OpenDateSection } from './OpenDateSection.tsx';
import { PropertySection } from './PropertySection.tsx';
import { RoomsSection } from './RoomsSection.tsx';
import { type RegistrationSession, type UpdateFields, useRegistrationSession } from './session.ts';
import { useRegistrationActions } from './useRegistrationActions.tsx';
import { noTypedArea, type TypedArea } from './validate.ts';
import './registration.css';

/** The screen's title: modifying a registered site, or registering one of a kind (spec §4). */
export function useRegistrationTitle({ mode, kind }: { mode: string; kind: 'O' | 'G' }): string {
  const { t } = useLingui();
  if (mode === 'edit') return t`Modify site`;
  return kind === 'O' ? t`Register a new-open site` : t`Register a general site`;
}

/**
 * Registration step 1 (spec §2): every field of the site, in the order the rules check them
 * (spec §5). The bottom bar saves temporarily, goes on to step 2 (new-open) or saves.
 */
export function RegistrationStep1({
  sessionKey,
  search,
}: {
  sessionKey: string;
  search: RegistrationSearch;
}) {
  const { session, update, setPending, setPendingArea } = useRegistrationSession(sessionKey);
  if (!session) return null;
  return (
    <Step1Form
      session={session}
      update={update}
      setPending={setPending}
      setPendingArea={setPendingArea}
      search={search}
    />
  );
}

function Step1Form({
  session,
  update,
  setPending,
  setPendingArea,
  search,
}: {
  session: RegistrationSession;
  update: UpdateFields;
  setPending: (pending: SiteContact) => void;
  setPendingArea: (typed: TypedArea) => void;
  search: RegistrationSearch;
}) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const known = useRegistrationGroups();
  const groups = known.groups;
  const title = useRegistrationTitle({ mode: session.mode, kind: session.kind });
  const actions = useRegistrationActions({ session, search, groupsCount: groups.length, step: 1 });
  const { fields } = session;
  useDefaultGroup({
    known,
    value: fields.f_group_idx,
    editing: session.mode === 'edit',
    onChange: (f_group_idx) => update({ f_group_idx }),
  });
  const newOpen = session.kind === 'O';
  const problems = actions.problems;

  return (
    <>
      <ScreenHeader title={title} back />
      <main className="screen reg-screen">
        {session.mode === 'new' ? (
          <div className="reg-kind" role="tablist" aria-label={t`Kind of site`}>
            <Link
              to="/RegSite/step1/$type"
              params={{ type: 'New' }}
              replace
              role="tab"
              aria-selected={newOpen}
            >
              <Trans>New open</Trans>
            </Link>
            <Link
              to="/RegSite/step1/$type"
              params={{ type: 'General' }}
              replace
              role="tab"
              aria-selected={!newOpen}
            >
              <Trans>General</Trans>
            </Link>
          </div>
        ) : null}
        <FieldGroup fields="f_name f_address1 f_address2" problems={problems}>
          <BasicSection
            fields={fields}
            update={update}
            onAddressChanged={() => {
              // The address change is one history entry (spec §4 counts it when going back).
              if (search.addr !== 1) void navigate({ to: '.', search: { ...search, addr: 1 } });
            }}
          />
        </FieldGroup>
        <FieldGroup fields="contacts" problems={problems}>
          <ContactsSection
            contacts={fields.contacts}
            pending={session.pending}
            onContacts={(contacts) => update({ contacts })}
            onPending={setPending}
          />
        </FieldGroup>
        <FieldGroup fields="f_maemul_type f_dong_count f_elevator" problems={problems}>
          <PropertySection fields={fields} update={update} />
        </FieldGroup>
        <FieldGroup
          fields="f_transaction_type f_sale_price_min f_charter_price_min f_invest_price_min f_monthly_deposit_min f_monthly_rent_min"
          problems={problems}
        >
          <DealSection fields={fields} update={update} />
        </FieldGroup>
        <FieldGroup fields="f_room_num f_toilet_num" problems={problems}>
          <RoomsSection fields={fields} update={update} />
        </FieldGroup>
        <FieldGroup fields="f_fee_type" problems={problems}>
          <FeeSection fields={fields} update={update} />
        </FieldGroup>
        <FieldGroup fields="rooms" problems={problems}>
          <AreaSection
            fields={fields}
            update={update}
            typed={session.pendingArea ?? noTypedArea}
            onTyped={setPendingArea}
          />
        </FieldGroup>
        <FieldGroup fields="f_open_date" problems={problems}>
          <OpenDateSection value={fields.f_open_date} onChange={(f_open_date) => update({ f_open_date })} />
        </FieldGroup>
        <MediaSection fields={fields} update={update} />
        <FieldGroup fields="f_group_idx" problems={problems}>
          <GroupSection
            groups={groups}
            value={fields.f_group_idx}
            onChange={(f_group_idx) => update({ f_group_idx })}
            disabled={session.mode === 'edit'}
          />
        </FieldGroup>
      </main>
      <BottomBar
        busy={actions.busy}
        onCancel={() => void actions.cancel()}
        onTemporary={session.mode === 'edit' ? null : () => void actions.temporary()}
        primary={
          newOpen
            ? { label: t`Next`, run: () => void actions.next() }
            : { label: t`Save`, run: () => void actions.save() }
        }
      />
    </>
  );
}
