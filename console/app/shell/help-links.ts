import type { ConsoleConfig } from '../../lib/config.ts';
import type { MenuItem } from '../../components/ui/Menu.tsx';
import type { SupportLinks } from '../navigation.ts';

/** spec §2: the external billing page carries the store access token. */
export function billingUrl(config: Pick<ConsoleConfig, 'billingUrl'>, storeAccessToken: string | null): string {
  const url = new URL(config.billingUrl);
  if (storeAccessToken) url.searchParams.set('store_access_token', storeAccessToken);
  return url.toString();
}

export function supportLinks(config: ConsoleConfig, storeAccessToken: string | null): SupportLinks {
  return { helpCenter: config.helpCenterUrl, demo: config.demoUrl, contact: config.contactUrl, billing: billingUrl(config, storeAccessToken) };
}

/** spec §2 / §6: Help Center, Setup a Demo, Contact, and Billing and Plans for the owner only. */
export function helpMenuItems(role: string | null | undefined, links: SupportLinks): MenuItem[] {
  const items: MenuItem[] = [
    { id: 'help-center', label: 'Help Center', href: links.helpCenter, external: true },
    { id: 'setup-demo', label: 'Setup a Demo', href: links.demo, external: true },
    { id: 'contact', label: 'Contact', href: links.contact, external: true },
  ];
  if (role === 'owner') items.push({ id: 'billing', label: 'Billing and Plans', href: links.billing, external: true });
  return items;
}
