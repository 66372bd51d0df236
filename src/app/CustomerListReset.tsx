import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { consoleStore } from '../state/store.ts';

export const isCustomerPath = (path: string) => path === '/customers' || path.startsWith('/customers/');

/** spec §4: leaving customer pages returns the customer list to page 1. */
export function CustomerListReset() {
  const { pathname } = useLocation();
  const onCustomers = isCustomerPath(pathname);
  useEffect(() => {
    if (!onCustomers) consoleStore().getState().resetCustomer();
  }, [onCustomers]);
  return null;
}
