import { useQuery } from '@tanstack/react-query';
import { Banner, PageHeader } from '../../components/ui/PageHeader.tsx';
import { errorMessage } from '../../lib/api/errors.ts';
import { formatMinor as money, formatPoints } from '../../lib/format.ts';
import type { RouteEntry } from '../../lib/feature.ts';
import { orderSettingsQuery, recentOrdersQuery, type RecentOrder } from './api/orders.ts';
import { OrderStatusForm } from './components/OrderStatusForm.tsx';

const stateOf = (order: RecentOrder) =>
  order.cancelled
    ? 'Cancelled'
    : order.refunded_minor > 0
      ? `Refunded ${money(order.refunded_minor, order.currency)}`
      : order.points > 0
        ? 'Earned'
        : 'No points';

function RecentOrders() {
  const orders = useQuery(recentOrdersQuery());
  if (orders.isError) return <Banner tone="critical">{`The orders could not be loaded: ${errorMessage(orders.error)}`}</Banner>;
  if (orders.data?.length === 0) return <p className="ls-muted">No order received or imported yet.</p>;
  return (
    <div className="ls-table">
      <table>
        <caption className="ls-visually-hidden">The newest orders</caption>
        <thead>
          <tr>
            {['Order', 'From', 'Customer', 'Total', 'State', 'Points', 'Updated'].map((header) => (
              <th key={header} scope="col">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {(orders.data ?? []).map((order) => (
            <tr key={order.id}>
              <td>{order.number ?? order.id}</td>
              <td>{order.platform}</td>
              <td>{order.customer_email ?? '—'}</td>
              <td>{money(order.total_minor, order.currency)}</td>
              <td>{stateOf(order)}</td>
              <td>{formatPoints(order.points)}</td>
              <td>{new Date(order.updated_at).toLocaleString()}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** spec §2 /integrations/store-order/: the order status settings and the newest orders received or imported. */
export function OrderHistoryPage({ route }: { route: RouteEntry }) {
  const settings = useQuery(orderSettingsQuery());
  return (
    <>
      <PageHeader back={route.back} title="Order History" subtitle="Which platform statuses award points, and the orders your store sent or you imported." />
      <div className="ls-stack">
        <section className="ls-card ls-stack" aria-labelledby="order-statuses-heading">
          <h2 id="order-statuses-heading">Order statuses</h2>
          {settings.isError ? <Banner tone="critical">{errorMessage(settings.error)}</Banner> : null}
          {settings.data ? <OrderStatusForm settings={settings.data} /> : null}
        </section>
        <section className="ls-card ls-stack" aria-labelledby="orders-heading">
          <h2 id="orders-heading">Newest orders</h2>
          <RecentOrders />
        </section>
      </div>
    </>
  );
}
