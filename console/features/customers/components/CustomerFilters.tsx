import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/Button.tsx';
import { customerTagsQuery, type CustomerFilters } from '../api/customers.ts';
import { SelectField } from './SelectField.tsx';
import { formatCount } from '../../../lib/format.ts';

/** URL keys of the list's filters (beside the table's own page, size, sort and search). */
const KEYS = { program_status: 'status', source: 'source', vip_tier: 'tier', points: 'points', tag: 'tag', type: 'field' } as const;

const PROGRAM_OPTIONS = [
  { value: '', label: 'Any status' },
  { value: 'member', label: 'Member' },
  { value: 'excluded', label: 'Excluded' },
  { value: 'guest', label: 'Guest' },
];
const SOURCE_OPTIONS = [
  { value: '', label: 'Any source' },
  { value: 'manual', label: 'Added by hand' },
  { value: 'import', label: 'Import' },
  { value: 'order', label: 'Order' },
  { value: 'widget', label: 'Widget sign-up' },
];
const POINTS_OPTIONS = [
  { value: '', label: 'Any balance' },
  { value: '0-0', label: 'No points' },
  { value: '1-99', label: '1 to 99' },
  { value: '100-999', label: '100 to 999' },
  { value: '1000-', label: '1,000 or more' },
];
const FIELD_OPTIONS = [
  { value: '', label: 'Name or e-mail' },
  { value: 'name', label: 'Name' },
  { value: 'email', label: 'E-mail' },
];

/** The filters as the URL holds them (a filtered view can be shared and survives reload). */
export function useCustomerFilters(): [CustomerFilters, (key: keyof typeof KEYS, value: string) => void, () => void] {
  const [search, setSearch] = useSearchParams();
  const read = (key: keyof typeof KEYS) => search.get(KEYS[key]) || undefined;
  const filters = {
    program_status: read('program_status'),
    source: read('source'),
    vip_tier: read('vip_tier'),
    points: read('points'),
    tag: read('tag'),
    type: read('type'),
  } as CustomerFilters;
  const set = (key: keyof typeof KEYS, value: string) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(KEYS[key], value);
      else next.delete(KEYS[key]);
      next.delete('page'); // a new filter starts at the first page
      return next;
    });
  const clear = () =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      for (const key of [...Object.values(KEYS), 'page']) next.delete(key);
      return next;
    });
  return [filters, set, clear];
}

export function CustomerFilterBar() {
  const [filters, set, clear] = useCustomerFilters();
  const any = Object.values(filters).some(Boolean);
  const tags = useQuery(customerTagsQuery());
  const tagOptions = [
    { value: '', label: tags.isError ? 'Tags could not be read' : 'Any tag' },
    ...(tags.data ?? []).map((row) => ({ value: row.tag, label: `${row.tag} (${formatCount(row.customers)})` })),
    // a tag in the URL that no customer carries any more stays choosable
    ...(filters.tag && !tags.data?.some((row) => row.tag === filters.tag) ? [{ value: filters.tag, label: filters.tag }] : []),
  ];
  return (
    <div className="ls-customer-filters" role="group" aria-label="Filters">
      <SelectField label="Program status" value={filters.program_status ?? ''} options={PROGRAM_OPTIONS} onChange={(v) => set('program_status', v)} />
      <SelectField label="Source" value={filters.source ?? ''} options={SOURCE_OPTIONS} onChange={(v) => set('source', v)} />
      <SelectField label="Points balance" value={filters.points ?? ''} options={POINTS_OPTIONS} onChange={(v) => set('points', v)} />
      <SelectField label="Tag" value={filters.tag ?? ''} options={tagOptions} onChange={(v) => set('tag', v)} />
      <SelectField label="Search in" value={filters.type ?? ''} options={FIELD_OPTIONS} onChange={(v) => set('type', v)} />
      {any ? <Button onClick={clear}>Clear filters</Button> : null}
    </div>
  );
}
