/**
 * A list setting (steps, ways to earn and redeem, tiers, timeline events): each item in its own
 * group with its fields, Move up / Move down, Remove, and Add at the end.
 */
import type { ReactNode } from 'react';
import { StudioIcon } from './StudioIcon.tsx';

export interface ListEditorProps<T> {
  label: string;
  items: readonly T[];
  itemName(item: T, index: number): string;
  renderItem(item: T, index: number): ReactNode;
  onAdd(): void;
  onRemove(index: number): void;
  onMove(from: number, to: number): void;
  max?: number;
  /** what the surface shows while the list is empty */
  whenEmpty?: string | undefined;
}

export function ListEditor<T>({ label, items, itemName, renderItem, onAdd, onRemove, onMove, max, whenEmpty }: ListEditorProps<T>) {
  return (
    <fieldset className="bs-list">
      <legend>{label}</legend>
      {items.length === 0 && whenEmpty && <p className="bs-field__hint">{whenEmpty}</p>}
      <ol className="bs-list__items">
        {items.map((item, index) => {
          const name = itemName(item, index);
          return (
            <li key={index} className="bs-list__item" aria-label={name}>
              <div className="bs-list__toolbar">
                <span className="bs-list__name">{name}</span>
                <button type="button" className="bs-icon-button" disabled={index === 0} onClick={() => onMove(index, index - 1)} aria-label={`Move ${name} up`}>
                  ↑
                </button>
                <button
                  type="button"
                  className="bs-icon-button"
                  disabled={index === items.length - 1}
                  onClick={() => onMove(index, index + 1)}
                  aria-label={`Move ${name} down`}
                >
                  ↓
                </button>
                <button type="button" className="bs-icon-button" onClick={() => onRemove(index)} aria-label={`Remove ${name}`}>
                  <StudioIcon name="close" />
                </button>
              </div>
              {renderItem(item, index)}
            </li>
          );
        })}
      </ol>
      <button type="button" className="bs-button" disabled={max !== undefined && items.length >= max} onClick={onAdd}>
        Add to {label}
      </button>
    </fieldset>
  );
}
