import { useLingui } from '@lingui/react/macro';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { RegistrationKind } from '../../../sync/sites/registration.ts';
import { useCallFailure } from '../../api/useCall.ts';
import { localDb } from '../../db/db.ts';
import { toast } from '../../ui/toast.tsx';
import { newSession, sessionOfDraft } from './draft-store.ts';
import { draftToOffer, removeDraftsOf, sessionOfSite } from './drafts.ts';
import type { RegistrationSearch } from './navigation.ts';
import { registrationSessions } from './session.ts';
import { useChoice } from './useChoice.tsx';

/** Entering registration runs once per kind at a time (a double effect must not ask twice). */
const entering = new Set<RegistrationKind>();

/**
 * Finds or opens the registration a route shows (spec §4): a site by index (a draft of the
 * member's, or a registered site being modified), a draft by id, or, with neither, a new one
 * after offering the latest temporary save to load or remove. A draft or site whose stored
 * step is above 1 opens at step 2. Returns the session key once it is ready.
 */
export function useRegistrationEntry({
  step,
  kind,
  search,
}: {
  step: 1 | 2;
  kind: RegistrationKind;
  search: RegistrationSearch;
}): string | null {
  const { t } = useLingui();
  const fail = useCallFailure();
  const navigate = useNavigate();
  const router = useRouter();
  const choose = useChoice();
  const siteKey = search.site_idx ? `site-${search.site_idx}` : null;
  const known = search.draft ?? siteKey;
  const [key, setKey] = useState<string | null>(() =>
    known && registrationSessions.get(known) ? known : null,
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the route's target changes, not on every render's new helpers
  useEffect(() => {
    let live = true;
    const ready = (k: string) => {
      if (live) setKey(k);
    };
    const toStep2 = (s: RegistrationSearch) => navigate({ to: '/RegSite/step2', search: s });
    const run = async () => {
      if (search.site_idx) {
        // Typed here before a reload or a killed app: the kept session wins over the stored site.
        if (siteKey && (await registrationSessions.restore(siteKey))) return ready(siteKey);
        let opened: Awaited<ReturnType<typeof sessionOfSite>>;
        try {
          opened = await sessionOfSite(search.site_idx);
        } catch (err) {
          fail(err);
          router.history.back();
          return;
        }
        if (!opened) {
          toast(t`This site is not on this device. Please connect to the internet to edit it.`);
          router.history.back();
          return;
        }
        registrationSessions.put(opened.session);
        const jump = step === 1 && opened.session.kind === 'O' && opened.step > 1;
        if (opened.session.mode === 'draft') {
          // The draft's own id names it from now on (a reload finds it in the drafts store).
          const s = { draft: opened.session.key, ...(search.addr ? { addr: search.addr } : {}) };
          await navigate({ to: '.', search: s, replace: true });
          if (jump) await toStep2(s);
          return;
        }
        ready(opened.session.key);
        if (jump) await toStep2(search);
        return;
      }
      if (search.draft) {
        if (await registrationSessions.restore(search.draft)) return ready(search.draft);
        const draft = await localDb.drafts.get(search.draft);
        if (draft) {
          registrationSessions.put(sessionOfDraft(draft));
          return ready(draft.key);
        }
        if (step === 2) {
          // Step 2 of a registration this device no longer has (never kept, or cleared): start at step 1.
          await navigate({ to: '/RegSite/step1/$type', params: { type: 'New' }, search, replace: true });
          return;
        }
        registrationSessions.put(newSession({ kind, draftId: search.draft }));
        return ready(search.draft);
      }
      if (entering.has(kind)) return;
      entering.add(kind);
      try {
        const offer = await draftToOffer(kind);
        if (offer) {
          const answer = await choose({
            message:
              offer.count > 1
                ? t`You have ${offer.count} temporary saves. Load the latest one?`
                : t`You have a temporary save. Load it?`,
            options: [
              { value: 'remove', label: t`Remove`, danger: true },
              { value: 'new', label: t`Start new` },
              { value: 'load', label: t`Load`, primary: true },
            ],
          });
          if (answer === 'load') {
            const session = sessionOfDraft(offer.draft);
            registrationSessions.put(session);
            await navigate({ to: '.', search: { draft: session.key }, replace: true });
            if (session.kind === 'O' && offer.draft.step > 1) await toStep2({ draft: session.key });
            return;
          }
          if (answer === 'remove') {
            await removeDraftsOf(kind);
            toast(t`The temporary save was removed.`);
          }
        }
        const session = newSession({ kind });
        registrationSessions.put(session);
        await navigate({ to: '.', search: { draft: session.key }, replace: true });
      } finally {
        entering.delete(kind);
      }
    };
    void run();
    return () => {
      live = false;
    };
  }, [search.draft, search.site_idx, kind, step]);

  return key && registrationSessions.get(key) ? key : null;
}
