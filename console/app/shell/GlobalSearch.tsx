import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { SearchEntry } from '../../lib/api/types.ts';
import { errorMessage } from '../../lib/api/errors.ts';
import { searchFires } from '../../lib/format.ts';
import { useDebounced } from '../../lib/useDebounced.ts';
import { useGlobalSearch } from '../session/hooks.ts';
import { Icon } from '../../components/ui/icons.tsx';

export const SEARCH_PLACEHOLDER = 'Search by customer name or email';
/** spec §8 */
export const NO_SEARCH_DATA = 'No Data found';

/** spec §2 / §5: customer search in the top bar; fires, and shows its panel, only above 2 characters. */
export function GlobalSearch() {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const term = useDebounced(text, 250);
  const search = useGlobalSearch(term);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const showPanel = open && searchFires(text);

  useEffect(() => {
    if (!showPanel) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [showPanel]);

  const close = () => {
    setOpen(false);
    setText('');
  };
  const customers = search.data?.customerUrls ?? [];
  const menus = search.data?.menus ?? [];
  const settled = searchFires(term) && term === text && search.isSuccess;

  return (
    <div
      className="ls-search"
      ref={rootRef}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setOpen(false);
      }}
    >
      <Icon name="search" size={16} />
      <input
        type="search"
        className="ls-search__input"
        placeholder={SEARCH_PLACEHOLDER}
        aria-label={SEARCH_PLACEHOLDER}
        aria-controls={showPanel ? panelId : undefined}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
      />
      {showPanel ? (
        <div id={panelId} className="ls-popover ls-search__panel" role="region" aria-label="Search results">
          {search.isError ? (
            <p className="ls-search__message" role="alert">
              {errorMessage(search.error)}
            </p>
          ) : !settled ? (
            <p className="ls-search__message" role="status">
              Searching…
            </p>
          ) : customers.length === 0 && menus.length === 0 ? (
            <p className="ls-search__message" role="status">
              {NO_SEARCH_DATA}
            </p>
          ) : (
            <>
              <ResultGroup title="Customers" entries={customers} onChoose={close} showEmail />
              <ResultGroup title="Menus" entries={menus} onChoose={close} />
            </>
          )}
        </div>
      ) : null}
    </div>
  );
}

function ResultGroup({ title, entries, onChoose, showEmail = false }: { title: string; entries: SearchEntry[]; onChoose: () => void; showEmail?: boolean }) {
  const headingId = useId();
  if (entries.length === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="ls-search__group">
        {title}
      </h2>
      <ul className="ls-search__list">
        {entries.map((entry) => (
          <li key={`${entry.url}-${entry.email}`}>
            {/^https?:/.test(entry.url) ? (
              <a className="ls-menu__item ls-search__result" href={entry.url} onClick={onChoose}>
                <ResultText entry={entry} showEmail={showEmail} />
              </a>
            ) : (
              <Link className="ls-menu__item ls-search__result" to={entry.url} onClick={onChoose}>
                <ResultText entry={entry} showEmail={showEmail} />
              </Link>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function ResultText({ entry, showEmail }: { entry: SearchEntry; showEmail: boolean }) {
  return (
    <span className="ls-search__text">
      <span>{entry.name}</span>
      {showEmail && entry.email ? <span className="ls-muted">{entry.email}</span> : null}
    </span>
  );
}
