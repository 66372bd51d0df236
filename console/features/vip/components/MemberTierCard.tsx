import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from '../../../components/ui/Button.tsx';
import { Field } from '../../../components/ui/Field.tsx';
import { Banner } from '../../../components/ui/PageHeader.tsx';
import { useToast } from '../../../components/ui/Toast.tsx';
import { errorMessage } from '../../../lib/api/errors.ts';
import { memberTierActivityQuery, memberTierQuery, useSwitchTier } from '../api/vip.ts';
import { basisAmount } from '../basis.ts';
import { useStoreCurrency } from '../../../lib/useStoreCurrency.ts';

const CAUSES = { earn: 'earned', period_end: 'period ended', manual: 'set by hand', settings: 'tiers changed' } as const;

/** The switch form: a tier (or none) and the reason, sent to data host vip/switch. */
function ManualSwitch({ customerId, tiers, current }: { customerId: number; tiers: Array<{ id: number; name: string }>; current: number | null }) {
  const selectId = useId();
  const [tier, setTier] = useState(current === null ? '' : String(current));
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const switchTier = useSwitchTier();
  const toast = useToast();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    switchTier.mutate(
      { customer_id: customerId, tier_id: tier === '' ? null : Number(tier), reason },
      {
        onSuccess: (answer) => {
          toast({ message: answer.changed ? `Tier set to ${answer.member.tier ?? 'no tier'}` : 'The member already has this tier' });
          setReason('');
        },
        onError: (error) => setFailure(`The tier was not changed: ${errorMessage(error)}`),
      },
    );
  };
  return (
    <form className="ls-stack" onSubmit={submit} noValidate aria-label="Switch tier">
      {failure ? <Banner tone="critical">{failure}</Banner> : null}
      <div className="ls-field">
        <label className="ls-field__label" htmlFor={selectId}>
          Tier
        </label>
        <select id={selectId} className="ls-field__input" value={tier} onChange={(event) => setTier(event.target.value)}>
          <option value="">No tier</option>
          {tiers.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
        </select>
      </div>
      <Field label="Reason" value={reason} onChange={(event) => setReason(event.target.value)} hint="Kept in the tier history." />
      <div className="ls-row">
        <Button type="submit" loading={switchTier.isPending}>
          Switch tier
        </Button>
      </div>
    </form>
  );
}

/** A customer's VIP tier: the tier, progress to the next, the tier history and a manual switch. */
export function MemberTierCard({ customerId }: { customerId: number }) {
  const tier = useQuery(memberTierQuery(customerId));
  const history = useQuery(memberTierActivityQuery(customerId));
  const currency = useStoreCurrency();
  return (
    <section className="ls-card" aria-labelledby="member-tier-heading">
      <h2 id="member-tier-heading">VIP tier</h2>
      {tier.isPending ? <p role="status">Loading…</p> : null}
      {tier.isError ? <Banner tone="critical">{`The tier could not be loaded: ${errorMessage(tier.error)}`}</Banner> : null}
      {tier.data ? (
        <>
          <p>
            {tier.data.member.tier ?? 'No tier'}
            {tier.data.member.next ? ` · ${basisAmount(tier.data.member.basis, tier.data.member.next.left, currency)} to ${tier.data.member.next.name}` : ''}
          </p>
          {tier.data.member.next ? (
            <div
              className="ls-meter"
              role="progressbar"
              aria-label={`Progress to ${tier.data.member.next.name}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(tier.data.member.progress * 100)}
            >
              <span style={{ width: `${Math.round(tier.data.member.progress * 100)}%` }} />
            </div>
          ) : null}
          {tier.data.tiers.length > 0 ? <ManualSwitch customerId={customerId} tiers={tier.data.tiers} current={tier.data.member.tier_id} /> : null}
        </>
      ) : null}
      <h3>Tier history</h3>
      {history.isError ? <Banner tone="critical">{`The tier history could not be loaded: ${errorMessage(history.error)}`}</Banner> : null}
      {history.data && history.data.data.length === 0 ? <p>No tier changes yet.</p> : null}
      {history.data && history.data.data.length > 0 ? (
        <ul>
          {history.data.data.map((row) => (
            <li key={row.id}>
              {`${new Date(row.created_at).toLocaleDateString('en-US', { timeZone: 'UTC', dateStyle: 'medium' })}: ${row.from ?? 'no tier'} → ${row.to ?? 'no tier'} (${CAUSES[row.cause]}${row.reason ? `: ${row.reason}` : ''})`}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
