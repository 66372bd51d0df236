/** The list fields of section content (steps, ways to earn and redeem, tiers, timeline events) and their blank items. */
import type { SectionContent } from '../../renderers/contract/index.ts';

export const LIST_FIELDS = ['steps', 'earningMethods', 'redeemMethods', 'loyalty_tiers', 'events'] as const;
export type ListField = (typeof LIST_FIELDS)[number];
export type ListItem<F extends ListField> = NonNullable<SectionContent[F]>[number];

/** A new, empty-ish item of `field` whose id (where the item has one) is not in `existing`. */
export function blankItem(field: ListField, existing: readonly unknown[]): ListItem<ListField> {
  const ids = new Set(existing.map((item) => (item as { id?: string }).id));
  let n = existing.length + 1;
  while (ids.has(`item-${n}`)) n++;
  const id = `item-${n}`;
  switch (field) {
    case 'steps':
      return { heading: 'New step', paragraph: '', imageUrl: '' };
    case 'earningMethods':
      return { id, title: 'New way to earn', description: '', points: 10, icon: 'star' };
    case 'redeemMethods':
      return { id, title: 'New reward', description: '', points: 100, icon: 'gift' };
    case 'loyalty_tiers':
      return { id, name: 'New tier', threshold: 0, perks: [], rewards: [] };
    case 'events':
      return { date: 'Milestone', title: 'New milestone', description: '', icon: 'gift' };
  }
}
