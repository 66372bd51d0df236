import { useId, useState } from 'react';
import { showsActionListSearch } from '../../lib/format.ts';

export interface ActionListItem {
  id: string;
  label: string;
  description?: string;
  onSelect: () => void;
}

/** A list of actions to choose from; spec §9: a search field only from 8 items. */
export function ActionList({ label, items }: { label: string; items: ActionListItem[] }) {
  const [filter, setFilter] = useState('');
  const id = useId();
  const searchable = showsActionListSearch(items.length);
  const needle = filter.trim().toLowerCase();
  const visible = searchable && needle ? items.filter((item) => `${item.label} ${item.description ?? ''}`.toLowerCase().includes(needle)) : items;
  return (
    <div className="ls-action-list">
      {searchable ? (
        <>
          <label className="ls-visually-hidden" htmlFor={`${id}-search`}>{`Search ${label.toLowerCase()}`}</label>
          <input
            id={`${id}-search`}
            className="ls-field__input"
            type="search"
            placeholder="Search"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
          />
        </>
      ) : null}
      <ul aria-label={label} className="ls-action-list__items">
        {visible.map((item) => (
          <li key={item.id}>
            <button type="button" className="ls-menu__item" onClick={item.onSelect}>
              <span className="ls-search__text">
                <span>{item.label}</span>
                {item.description ? <span className="ls-muted">{item.description}</span> : null}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {visible.length === 0 ? (
        <p className="ls-muted" role="status">
          No actions match “{filter}”.
        </p>
      ) : null}
    </div>
  );
}
