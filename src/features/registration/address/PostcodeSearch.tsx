import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import {
  type AddressResult,
  type AddressSource,
  findPostcodeCall,
} from '../../../../sync/api/address.api.ts';
import { api } from '../../../api/client.ts';
import { useCall } from '../../../api/useCall.ts';
import { AddressRow } from './AddressRow.tsx';
import type { AddressPick } from './address-pick.ts';
import { SampleBadge } from './SampleBadge.tsx';

interface Found {
  query: string;
  list: AddressResult[];
  total: number;
  page: number;
  hasMore: boolean;
  source: AddressSource;
}

/**
 * The postcode search (spec §2 "postcode", §7 postcode widget; findPostcode): a road name,
 * building or neighbourhood, every road address matching with its postcode, ten at a time.
 */
export function PostcodeSearch({ onPick }: { onPick: (pick: AddressPick | null) => void }) {
  const { t } = useLingui();
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<Found | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { run, pending } = useCall();

  const load = async ({ q, page }: { q: string; page: number }) => {
    const answer = await run(() => api(findPostcodeCall, { query: q, page_num: page }));
    if (!answer) return;
    setFound((before) => ({
      query: q,
      list: page === 1 || !before ? answer.list : [...before.list, ...answer.list],
      total: answer.total,
      page,
      hasMore: answer.has_more,
      source: answer.source,
    }));
    setProblem(page === 1 && answer.list.length === 0 ? t`No search result.` : null);
  };

  return (
    <form
      className="form"
      onSubmit={(e) => {
        e.preventDefault();
        const q = query.trim();
        if (q.length < 2) return setProblem(t`Please type at least 2 characters.`);
        void load({ q, page: 1 });
      }}
    >
      <div className="row">
        <input
          className="input grow"
          aria-label={t`Road name, building or neighbourhood`}
          placeholder={t`e.g. Teheran-ro 152`}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <button type="submit" className="button button--primary" disabled={pending}>
          <Trans>Search</Trans>
        </button>
      </div>
      {problem ? <p className="muted">{problem}</p> : null}
      {found && found.list.length > 0 ? (
        <>
          <p className="muted">
            <SampleBadge source={found.source} /> {t`${found.total} addresses`}
          </p>
          <ul className="list reg-address-list" aria-label={t`Postcodes found`}>
            {found.list.map((a) => (
              <AddressRow
                key={`${a.zip_no}-${a.b_code}-${a.main_address_no}-${a.sub_address_no}-${a.road_address}`}
                address={a}
                roadFirst
                onPick={() => onPick({ kind: 'found', address: a })}
              />
            ))}
          </ul>
          {found.hasMore ? (
            <button
              type="button"
              className="button button--block"
              disabled={pending}
              onClick={() => void load({ q: found.query, page: found.page + 1 })}
            >
              <Trans>More addresses</Trans>
            </button>
          ) : null}
        </>
      ) : null}
      <div className="modal__actions">
        <button type="button" className="button" onClick={() => onPick(null)}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  );
}
