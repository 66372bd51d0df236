import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { MultiComboBox, type ComboOption } from '../../../components/ui/aria/ComboBox.tsx';
import { errorMessage } from '../../../lib/api/errors.ts';
import { catalogueOptionsQuery, type CatalogueKind } from '../../../lib/catalogue.ts';
import { useDebounced } from '../../../lib/useDebounced.ts';

const NOUNS: Record<CatalogueKind, string> = { products: 'products', collections: 'collections', tags: 'product tags', variants: 'variants' };

/**
 * A rule's products, collections, tags or variants picked from the store's catalogue (searched
 * on the server as the merchant types) instead of typed ids. `single`: the form holds one id.
 */
export function CatalogueField<V extends FieldValues>({
  control,
  name,
  kind,
  label,
  hint,
  single = false,
}: {
  control: Control<V>;
  name: FieldPath<V>;
  kind: CatalogueKind;
  label: string;
  hint?: string;
  single?: boolean;
}) {
  const [text, setText] = useState('');
  const search = useDebounced(text.trim(), 250);
  const options = useQuery(catalogueOptionsQuery(kind, search));
  // the titles of the ids chosen here, kept when the suggestions change
  const [chosenLabels, setChosenLabels] = useState<Record<string, string>>({});
  const labelOf = (id: string) => chosenLabels[id] ?? options.data?.find((option) => option.id === id)?.label ?? id;
  const status = options.isError
    ? `The ${NOUNS[kind]} could not be loaded: ${errorMessage(options.error)}`
    : options.isPending
      ? `Loading ${NOUNS[kind]}…`
      : options.data.length === 0 && !search
        ? `Your catalogue has no ${NOUNS[kind]} yet: import them under Integrations → Product History.`
        : undefined;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const ids: string[] = single ? (field.value ? [field.value as string] : []) : ((field.value as string[] | undefined) ?? []);
        const selected: ComboOption[] = ids.map((id) => ({ id, label: labelOf(id) }));
        return (
          <MultiComboBox
            label={label}
            hint={hint}
            error={fieldState.error?.message}
            status={status}
            options={options.data ?? []}
            selected={selected}
            onInput={setText}
            max={single ? 1 : undefined}
            onChange={(next, added) => {
              // the title as listed when picked: a later search answer does not change it
              if (added) setChosenLabels((known) => ({ ...known, [added.id]: added.label }));
              field.onChange(single ? next[0] : next);
              field.onBlur();
            }}
          />
        );
      }}
    />
  );
}
