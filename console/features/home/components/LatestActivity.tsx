import { Link } from 'react-router';
import type { ActivityItem } from '../../../../server/contract/dashboard.ts';
import { errorMessage } from '../../../lib/api/errors.ts';
import { useLatestActivity } from '../api/dashboard.ts';

/** What each kind of item says after the customer's name. */
const VERBS: Record<string, string> = {
  joined: 'joined the program',
  order_earn: 'earned points on an order',
  action_earn: 'earned points',
  adjustment: 'had points adjusted',
  redemption: 'redeemed points',
  refund_clawback: 'lost points to a refund',
  expiry: 'had points expire',
  award: 'was awarded points',
  referral_reward: 'earned a referral reward',
  tier_reward: 'earned a tier reward',
};

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const signed = (points: number) => (points > 0 ? `+${points.toLocaleString('en-US')}` : points.toLocaleString('en-US').replace('-', '−'));

function Item({ item }: { item: ActivityItem }) {
  return (
    <li className="ls-activity__item">
      <span>
        <Link to={`/customers/details?id=${item.customer.id}`}>{item.customer.name}</Link> {VERBS[item.kind] ?? item.kind}
        {item.points !== 0 ? <strong className="ls-activity__points"> {signed(item.points)}</strong> : null}
      </span>
      {item.kind !== 'joined' ? <span className="ls-muted ls-activity__why">{item.detail}</span> : null}
      <time className="ls-muted" dateTime={item.at}>
        {when(item.at)}
      </time>
    </li>
  );
}

/** The newest activity of the program, read again every 30 seconds. */
export function LatestActivity() {
  const activity = useLatestActivity();
  return (
    <section className="ls-card" aria-labelledby="home-activity">
      <h2 id="home-activity">Latest activity</h2>
      {activity.isPending ? (
        <p className="ls-muted" role="status">
          Loading the latest activity…
        </p>
      ) : activity.isError ? (
        <p role="alert">The latest activity could not be loaded: {errorMessage(activity.error)}</p>
      ) : activity.data.length === 0 ? (
        <p className="ls-muted">Nothing yet: members joining, earning and redeeming show here as it happens.</p>
      ) : (
        <ul className="ls-activity">
          {activity.data.map((item) => (
            <Item key={item.id} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}
