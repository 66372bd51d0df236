import { Link } from 'react-router';
import { EmptyState } from '../components/ui/EmptyState.tsx';
import { PageHeader } from '../components/ui/PageHeader.tsx';

export function NotFoundPage() {
  return (
    <>
      <PageHeader title="Page not found" />
      <div className="ls-card">
        <EmptyState title="There is no page at this address" action={<Link to="/home">Go to Home</Link>}>
          <p>Check the address, or use the navigation to find what you are looking for.</p>
        </EmptyState>
      </div>
    </>
  );
}
