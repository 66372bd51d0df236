import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ConfirmDialog } from '../../../components/ui/aria/ConfirmDialog.tsx';
import { Badge, type BadgeTone } from '../../../components/ui/Badge.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { Banner } from '../../../components/ui/PageHeader.tsx';
import { useToast } from '../../../components/ui/Toast.tsx';
import { errorMessage } from '../../../lib/api/errors.ts';
import { formatPoints, pointsOf } from '../../../lib/format.ts';
import { rewardsQuery, useRefundReward, type RewardRow } from '../api/customers.ts';
import { formatDay } from './customer-columns.tsx';
import { ShopCodeState } from './ShopCodeState.tsx';

/** The reward's state as a merchant says it. */
const STATES: Record<string, { label: string; tone: BadgeTone }> = {
  active: { label: 'Unused', tone: 'success' },
  used: { label: 'Used', tone: 'neutral' },
  expired: { label: 'Expired', tone: 'attention' },
  rolled_back: { label: 'Refunded', tone: 'neutral' },
};

/** The customer's rewards with their codes and state; an unused one can be refunded (its points come back). */
export function RewardsCard({ customerId }: { customerId: number }) {
  const rewards = useQuery(rewardsQuery(customerId));
  const refund = useRefundReward();
  const [refunding, setRefunding] = useState<RewardRow | null>(null);
  const toast = useToast();
  return (
    <section className="ls-card" aria-labelledby="rewards-heading">
      <h2 id="rewards-heading">Rewards</h2>
      {rewards.isError ? <Banner tone="critical">{`The rewards could not be loaded: ${errorMessage(rewards.error)}`}</Banner> : null}
      {refund.isError ? <Banner tone="critical">{`The reward was not refunded: ${errorMessage(refund.error)}`}</Banner> : null}
      {rewards.data?.length === 0 ? <EmptyState title="No rewards yet">Rewards appear here once the customer redeems points.</EmptyState> : null}
      {rewards.data?.length ? (
        <table className="ls-simple-table">
          <caption className="ls-visually-hidden">Rewards</caption>
          <thead>
            <tr>
              <th scope="col">Reward</th>
              <th scope="col">Code</th>
              <th scope="col">State</th>
              <th scope="col">In the shop</th>
              <th scope="col">Points</th>
              <th scope="col">Issued</th>
              <th scope="col">
                <span className="ls-visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rewards.data.map((reward) => (
              <tr key={reward.id}>
                <td>{reward.title}</td>
                <td>
                  <code>{reward.code}</code>
                </td>
                <td>
                  <Badge tone={STATES[reward.status]?.tone ?? 'neutral'}>{STATES[reward.status]?.label ?? reward.status}</Badge>
                </td>
                <td>
                  <ShopCodeState reward={reward} />
                </td>
                <td>{formatPoints(reward.points_spent)}</td>
                <td>{formatDay(reward.created_at)}</td>
                <td>
                  {reward.status === 'active' ? (
                    <Button size="small" onClick={() => setRefunding(reward)} aria-label={`Refund ${reward.code}`}>
                      Refund
                    </Button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <ConfirmDialog
        open={refunding !== null}
        title="Refund this reward?"
        confirmLabel="Refund reward"
        busy={refund.isPending}
        onCancel={() => setRefunding(null)}
        onConfirm={() =>
          refunding &&
          refund.mutate(
            { reward_id: refunding.id, reason: 'Refunded from the customer page' },
            { onSuccess: () => toast({ message: `${pointsOf(refunding.points_spent)} returned` }), onSettled: () => setRefunding(null) },
          )
        }
      >
        <p>{`The code ${refunding?.code ?? ''} stops working and ${pointsOf(refunding?.points_spent ?? 0)} go back to the customer.`}</p>
      </ConfirmDialog>
    </section>
  );
}
