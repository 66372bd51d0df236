import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { clientState } from '../lib/runtime.ts';

export const isCustomerPath = (path: string) => path === '/customers' || path.startsWith('/customers/');

/** spec §4: leaving customer pages returns the customer list to page 1. */
export function CustomerListReset() {
  const { pathname } = useLocation();
  const onCustomers = isCustomerPath(pathname);
  useEffect(() => {
    if (!onCustomers) clientState.resetCustomers();
  }, [onCustomers]);
  return null;
}
