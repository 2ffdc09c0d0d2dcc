import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { type SearchColumn, searchColumns } from '../../../sync/community/rules.ts';
import { searchColumnLabels } from './labels.ts';

/**
 * The boards' search (spec §2 Community and Inquire): a column (title, content, writer) and a
 * keyword, its spaces stripped as the server compares them.
 */
export function BoardSearch({
  initialColumn,
  onSearch,
}: {
  initialColumn: SearchColumn;
  onSearch: (query: { column: SearchColumn; keyword: string }) => void;
}) {
  const { t, i18n } = useLingui();
  const [column, setColumn] = useState<SearchColumn>(initialColumn);
  const [keyword, setKeyword] = useState('');
  return (
    <form
      className="community-search"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch({ column, keyword: keyword.replace(/\s+/g, '') });
      }}
    >
      <select
        className="input"
        aria-label={t`Search by`}
        value={column}
        onChange={(e) => setColumn(e.target.value as SearchColumn)}
      >
        {searchColumns.map((c) => (
          <option key={c} value={c}>
            {i18n._(searchColumnLabels[c])}
          </option>
        ))}
      </select>
      <input
        className="input"
        type="search"
        aria-label={t`Keyword`}
        placeholder={t`Keyword`}
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
      />
      <button type="submit" className="button">
        <Trans>Search</Trans>
      </button>
    </form>
  );
}
