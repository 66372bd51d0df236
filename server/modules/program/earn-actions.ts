import type { EarnAction } from '../../../renderers/context.ts';
import { isSafeUrl } from '../../../renderers/contract/index.ts';
import type { EarningRule } from '../rules/index.ts';

const linkOf = (rule: EarningRule): string | undefined => {
  const url = typeof rule.config.url === 'string' ? rule.config.url.trim() : '';
  return url !== '' && isSafeUrl(url) ? url : undefined;
};

/** What a shopper does to earn by this rule (the widget's and landing page's button), if a shopper performs it. */
export function shopperAction(rule: EarningRule): EarnAction | undefined {
  switch (rule.type) {
    case 'social_follow': {
      if (typeof rule.config.network !== 'string') return undefined;
      const url = linkOf(rule);
      return { kind: 'follow', network: rule.config.network, ...(url ? { url } : {}) };
    }
    case 'review': {
      const url = linkOf(rule);
      return url ? { kind: 'review', url } : undefined;
    }
    case 'newsletter':
      return { kind: 'newsletter' };
    case 'birthday':
      return { kind: 'birthday' };
    default:
      return undefined;
  }
}
