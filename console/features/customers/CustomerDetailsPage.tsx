import { Suspense, use, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import type { CustomerRow } from '../../../server/contract/customers.ts';
import { ConfirmDialog } from '../../components/ui/aria/ConfirmDialog.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Banner, PageHeader } from '../../components/ui/PageHeader.tsx';
import { useToast } from '../../components/ui/Toast.tsx';
import { errorMessage } from '../../lib/api/errors.ts';
import { formatPoints } from '../../lib/format.ts';
import { CustomerCardsContext } from '../../lib/feature.ts';
import { useCan } from '../../lib/useCan.ts';
import { customerQuery, useChangeProgram, useDeleteCustomer } from './api/customers.ts';
import { AdjustPointsDialog } from './components/AdjustPointsDialog.tsx';
import { BirthdayDialog } from './components/BirthdayDialog.tsx';
import { formatDay, programStatusBadge, sourceLabel } from './components/customer-columns.tsx';
import { DataRequestsCard } from './components/DataRequestsCard.tsx';
import { RewardsCard } from './components/RewardsCard.tsx';
import { Timeline } from './components/Timeline.tsx';

const BACK = { to: '/customers', label: 'Customers' };
type Open = 'adjust' | 'birthday' | 'exclude' | 'delete' | null;

/** spec §2 /customers/details?id=…: the customer's totals, one timeline of every point and why, rewards; adjust, birthday, exclude, delete. */
export function CustomerDetailsPage() {
  const [search] = useSearchParams();
  const id = Number(search.get('id'));
  const valid = Number.isSafeInteger(id) && id > 0;
  const customer = useQuery({ ...customerQuery(id), enabled: valid });
  if (!valid) return <Missing message="No customer was chosen." />;
  if (customer.isPending) return <p role="status">Loading…</p>;
  if (customer.isError) return <Missing message={`This customer could not be loaded: ${errorMessage(customer.error)}`} />;
  return <CustomerDetails customer={customer.data} />;
}

function Missing({ message }: { message: string }) {
  return (
    <>
      <PageHeader title="Customer details" back={BACK} />
      <Banner tone="critical">{message}</Banner>
    </>
  );
}

function CustomerDetails({ customer }: { customer: CustomerRow }) {
  const [open, setOpen] = useState<Open>(null);
  const lentCards = use(CustomerCardsContext);
  const close = () => setOpen(null);
  const change = useChangeProgram();
  const remove = useDeleteCustomer();
  const navigate = useNavigate();
  const toast = useToast();
  const excluded = customer.program_status === 'excluded';
  const setProgram = (status: 'member' | 'excluded') =>
    change.mutate(
      { customer_ids: [customer.id], program_status: status },
      { onSuccess: () => toast({ message: status === 'member' ? 'Included in the program' : 'Excluded from the program' }), onSettled: close },
    );
  // staff support customers; excluding and erasing them is for owners and admins (customers:manage)
  const canManage = useCan('customers:manage');
  const actions = customer.deleted ? null : (
    <>
      <Button variant="primary" onClick={() => setOpen('adjust')}>
        Adjust points
      </Button>
      <Button onClick={() => setOpen('birthday')}>Set birthday</Button>
      {!canManage ? null : excluded ? (
        <Button onClick={() => setProgram('member')}>Include in program</Button>
      ) : (
        <Button onClick={() => setOpen('exclude')}>Exclude from program</Button>
      )}
      {canManage ? (
        <Button variant="critical" onClick={() => setOpen('delete')}>
          Delete customer
        </Button>
      ) : null}
    </>
  );
  return (
    <>
      <PageHeader title={customer.name || customer.email} subtitle={customer.email} back={BACK} actions={actions} />
      {customer.deleted ? (
        <Banner tone="info">This customer was deleted: their personal data is erased; their points history stays for your totals.</Banner>
      ) : null}
      {change.isError ? <Banner tone="critical">{`Nothing was changed: ${errorMessage(change.error)}`}</Banner> : null}
      {remove.isError ? <Banner tone="critical">{`The customer was not deleted: ${errorMessage(remove.error)}`}</Banner> : null}
      <section className="ls-card" aria-label="Summary">
        <dl className="ls-facts ls-customer-summary">
          <Fact label="Points balance" value={formatPoints(customer.balance)} />
          <Fact label="Pending" value={formatPoints(customer.pending)} />
          <Fact label="Lifetime points" value={formatPoints(customer.lifetime)} />
          <Fact label="Birthday" value={customer.birthday ? formatDay(customer.birthday) : 'Not set'} />
          <Fact label="VIP tier" value={customer.vip_tier ?? 'None'} />
          <Fact label="Program status" value={programStatusBadge(customer)} />
          <Fact label="Joined" value={formatDay(customer.joined_at)} />
          <Fact label="Source" value={sourceLabel(customer.source)} />
        </dl>
      </section>
      <div className="ls-customer-columns">
        <Timeline customerId={customer.id} />
        <div className="ls-stack">
          <RewardsCard customerId={customer.id} />
          {lentCards.map(({ id, Card }) => (
            <Suspense key={id} fallback={null}>
              <Card customerId={customer.id} />
            </Suspense>
          ))}
          <DataRequestsCard customerId={customer.id} />
        </div>
      </div>
      <AdjustPointsDialog customerId={customer.id} balance={customer.balance} open={open === 'adjust'} onClose={close} />
      <BirthdayDialog key={customer.birthday ?? ''} customerId={customer.id} current={customer.birthday} open={open === 'birthday'} onClose={close} />
      <ConfirmDialog
        open={open === 'exclude'}
        title="Exclude from the program?"
        confirmLabel="Exclude"
        busy={change.isPending}
        onConfirm={() => setProgram('excluded')}
        onCancel={close}
      >
        <p>{`${customer.name} will be marked as excluded from the program. Their balance and history are kept and you can include them again.`}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={open === 'delete'}
        title="Delete this customer?"
        confirmLabel="Delete customer"
        busy={remove.isPending}
        onCancel={close}
        onConfirm={() =>
          remove.mutate(customer.id, {
            onSuccess: () => {
              toast({ message: 'Customer deleted' });
              void navigate('/customers');
            },
            onSettled: close,
          })
        }
      >
        <p>Their name, e-mail, birthday and tags are erased for good. Their points history stays, anonymised, so your totals remain true.</p>
      </ConfirmDialog>
    </>
  );
}

function Fact({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
