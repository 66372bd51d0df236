import { SOCIAL_NETWORKS, type EarningRuleBody } from '../../../server/contract/points.ts';
import { countOf } from '../../lib/format.ts';

export type EarningType = EarningRuleBody['type'];
type Network = (typeof SOCIAL_NETWORKS)[number];

const NETWORK_NAMES: Record<Network, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  x: 'X',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  pinterest: 'Pinterest',
  linkedin: 'LinkedIn',
};
export const NETWORK_OPTIONS = SOCIAL_NETWORKS.map((network) => [network, NETWORK_NAMES[network]] as const);

export interface CatalogueItem {
  id: string;
  label: string;
  description: string;
  template: EarningRuleBody;
}

const action = (type: Exclude<EarningType, 'order'>, title: string, points: number, extra: Partial<EarningRuleBody> = {}): EarningRuleBody =>
  ({ type, title, points, status: 'active', limit_type: 'once', limit_days: null, limit_total: null, config: {}, ...extra }) as EarningRuleBody;

/** The platform's action catalogue: every way to earn the engine supports, social ones per network. */
export function earningCatalogue(): CatalogueItem[] {
  const items: CatalogueItem[] = [
    {
      id: 'order',
      label: 'Place an order',
      description: 'Points per amount spent, or a fixed amount per order',
      template: {
        type: 'order',
        title: 'Place an order',
        points: 1,
        status: 'active',
        limit_type: 'unlimited',
        limit_days: null,
        limit_total: null,
      } as EarningRuleBody,
    },
    { id: 'signup', label: 'Sign up', description: 'Once, when a shopper joins', template: action('signup', 'Sign up', 50) },
    {
      id: 'birthday',
      label: 'Birthday',
      description: 'Every year on the birthday',
      template: action('birthday', 'Celebrate a birthday', 100, { limit_type: 'unlimited' }),
    },
    {
      id: 'anniversary',
      label: 'Anniversary',
      description: 'Every year on the day they joined',
      template: action('anniversary', 'Anniversary of joining', 100, { limit_type: 'unlimited' }),
    },
    {
      id: 'newsletter',
      label: 'Newsletter sign-up',
      description: 'Once, when they subscribe',
      template: action('newsletter', 'Subscribe to the newsletter', 20),
    },
    {
      id: 'review',
      label: 'Write a review',
      description: 'Each review, up to your limit',
      template: action('review', 'Write a review', 15, { limit_type: 'unlimited' }),
    },
  ];
  for (const [network, name] of NETWORK_OPTIONS) {
    items.push({
      id: `follow-${network}`,
      label: `Follow on ${name}`,
      description: 'Once per network',
      template: action('social_follow', `Follow on ${name}`, 10, { config: { network } }),
    });
  }
  for (const [network, name] of NETWORK_OPTIONS) {
    items.push({
      id: `share-${network}`,
      label: `Share on ${name}`,
      description: 'Share the store',
      template: action('social_share', `Share on ${name}`, 5, { limit_type: 'per_days', limit_days: 7, config: { network } }),
    });
  }
  items.push({
    id: 'custom',
    label: 'Custom event',
    description: 'Your own systems report it through the API',
    template: action('custom', 'Custom event', 10, { limit_type: 'unlimited', config: { event: '' } }),
  });
  return items;
}

export const LIMIT_OPTIONS = [
  ['unlimited', 'No limit'],
  ['once', 'Once per customer'],
  ['per_days', 'Once every few days'],
  ['total', 'A number of times in all'],
] as const;

/** The limit of a rule in words. */
export function limitText(rule: { limit_type: string; limit_days?: number | null | undefined; limit_total?: number | null | undefined }): string {
  if (rule.limit_type === 'once') return 'Once per customer';
  if (rule.limit_type === 'per_days')
    return rule.limit_days ? `Once every ${rule.limit_days === 1 ? 'day' : countOf(rule.limit_days, 'day')}` : 'Once every ? days';
  if (rule.limit_type === 'total') return rule.limit_total ? `Up to ${rule.limit_total === 1 ? 'once' : countOf(rule.limit_total, 'time')}` : 'Up to ? times';
  return 'No limit';
}
