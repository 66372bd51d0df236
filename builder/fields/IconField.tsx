/**
 * An icon setting from the store's icon library (POST /icons/list through the BuilderApi): a
 * button showing the current icon and its name opens a popover with a search box and a grid of
 * icons. The grid is one listbox: arrow keys move, Home/End jump, Enter or Space picks, Escape
 * closes and focus returns to the button. `optional` settings offer `None` (the value '').
 */
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { IconInfo } from '../api.ts';
import { useIconQuery } from './icon-library.ts';
import { Popover } from './Popover.tsx';

/** Icons per row of the grid (arrow up/down move by a row). */
const ICON_GRID_COLUMNS = 4;

export interface IconFieldProps {
  label?: string;
  /** the icon id, '' for none */
  value: string;
  optional?: boolean;
  onChange(value: string): void;
  /** the pick is finished (ends the undo step) */
  onCommit?: () => void;
}

function IconGlyph({ icon }: { icon: Pick<IconInfo, 'path' | 'viewBox'> }) {
  return (
    <svg
      className="bs-icon-glyph"
      viewBox={icon.viewBox}
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={icon.path} />
    </svg>
  );
}

interface Choice {
  id: string;
  label: string;
  icon: IconInfo | null;
}

const NONE: Choice = { id: '', label: 'None', icon: null };

/** Where an arrow, Home or End key moves from `index` in a grid of `count`; null for other keys. */
export function gridMove(key: string, index: number, count: number, columns = ICON_GRID_COLUMNS): number | null {
  const clamp = (n: number) => Math.min(Math.max(n, 0), count - 1);
  switch (key) {
    case 'ArrowRight':
      return clamp(index + 1);
    case 'ArrowLeft':
      return clamp(index - 1);
    case 'ArrowDown':
      return index + columns < count ? index + columns : index;
    case 'ArrowUp':
      return index - columns >= 0 ? index - columns : index;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

function IconPicker({ label, value, optional, onPick }: { label: string; value: string; optional: boolean; onPick(id: string): void }) {
  const [search, setSearch] = useState('');
  const query = useIconQuery(search);
  const choices: Choice[] = query.icons
    ? [...(optional && !search.trim() ? [NONE] : []), ...query.icons.map((icon) => ({ id: icon.id, label: icon.label, icon }))]
    : [];
  const current = choices.findIndex((c) => c.id === value);
  const [active, setActive] = useState<number | null>(null);
  const focused = Math.min(active ?? Math.max(current, 0), choices.length - 1);
  const options = useRef<(HTMLButtonElement | null)[]>([]);
  const searchId = useId();

  const moveTo = (index: number) => {
    setActive(index);
    options.current[index]?.focus();
  };
  const onGridKey = (event: KeyboardEvent) => {
    const next = gridMove(event.key, focused, choices.length);
    if (next === null) return;
    event.preventDefault();
    moveTo(next);
  };
  const onSearchKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' && choices.length > 0) {
      event.preventDefault();
      moveTo(focused);
    }
  };

  return (
    <>
      <div className="bs-field">
        <label htmlFor={searchId}>Search icons</label>
        <input
          id={searchId}
          type="search"
          className="bs-input"
          value={search}
          maxLength={60}
          autoComplete="off"
          onChange={(event) => {
            setSearch(event.target.value);
            setActive(null);
          }}
          onKeyDown={onSearchKey}
        />
      </div>
      {query.status === 'loading' && !query.icons && (
        <p role="status" className="bs-muted">
          Loading icons…
        </p>
      )}
      {query.status === 'error' && (
        <div role="alert" className="bs-icon-picker__error">
          <p>Could not load the icons: {query.error}</p>
          <button type="button" className="bs-button" onClick={query.retry}>
            Retry
          </button>
        </div>
      )}
      {query.status === 'ready' && choices.length === 0 && (
        <p role="status" className="bs-muted">
          No icon matches “{search.trim()}”.
        </p>
      )}
      {choices.length > 0 && (
        <div
          role="listbox"
          aria-label={`${label} library`}
          className="bs-icon-picker__grid"
          onKeyDown={onGridKey}
          style={{ gridTemplateColumns: `repeat(${ICON_GRID_COLUMNS}, 1fr)` }}
        >
          {choices.map((choice, index) => (
            <button
              key={choice.id || 'none'}
              ref={(el) => {
                options.current[index] = el;
              }}
              type="button"
              role="option"
              aria-selected={choice.id === value}
              tabIndex={index === focused ? 0 : -1}
              className="bs-icon-picker__option"
              onClick={() => onPick(choice.id)}
              onFocus={() => setActive(index)}
            >
              {choice.icon ? <IconGlyph icon={choice.icon} /> : <span className="bs-icon-glyph bs-icon-glyph--none" aria-hidden="true" />}
              <span className="bs-icon-picker__name">{choice.label}</span>
            </button>
          ))}
        </div>
      )}
    </>
  );
}

export function IconField({ label = 'Icon', value, optional = false, onChange, onCommit }: IconFieldProps) {
  const [open, setOpen] = useState(false);
  const library = useIconQuery('');
  const close = () => {
    setOpen(false);
    // the button's library failed to load: ask again once the picker (with its own Retry) is done
    if (library.status === 'error') library.retry();
  };
  const labelId = useId();
  const valueId = useId();
  const icon = library.icons?.find((i) => i.id === value);
  const name = value === '' ? (optional ? 'None' : 'Choose an icon') : (icon?.label ?? value);

  const pick = (id: string) => {
    if (id !== value) onChange(id);
    onCommit?.();
    close();
  };

  return (
    <div className="bs-field bs-icon-field">
      <span id={labelId} className="bs-icon-field__label">
        {label}
      </span>
      <Popover
        open={open}
        onOpenChange={(next) => (next ? setOpen(true) : close())}
        label={`Choose ${label.toLowerCase()}`}
        className="bs-icon-picker"
        trigger={{
          className: 'bs-button bs-icon-field__button',
          'aria-labelledby': `${labelId} ${valueId}`,
          children: (
            <>
              {icon ? <IconGlyph icon={icon} /> : <span className="bs-icon-glyph bs-icon-glyph--none" aria-hidden="true" />}
              <span id={valueId}>{name}</span>
            </>
          ),
        }}
      >
        <IconPicker label={label} value={value} optional={optional} onPick={pick} />
      </Popover>
    </div>
  );
}
