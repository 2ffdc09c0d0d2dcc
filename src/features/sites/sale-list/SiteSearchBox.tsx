import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';

/**
 * The keyword box of a site list tab. The keyword is searched without spaces, as the server
 * and the device both compare names and addresses without them.
 */
export function SiteSearchBox({ label, onSearch }: { label: string; onSearch: (keyword: string) => void }) {
  const { t } = useLingui();
  const [text, setText] = useState('');
  return (
    <form
      className="search-box"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(text.replace(/\s+/g, ''));
      }}
    >
      <input
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={t`Site name or address`}
        aria-label={label}
      />
      <button type="submit" className="button button--primary">
        <Trans>Search</Trans>
      </button>
    </form>
  );
}
