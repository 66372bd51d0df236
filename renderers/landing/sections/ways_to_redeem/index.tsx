/** Ways to redeem (spec §2): the program's rules as cards, or the section's own list (see shared/points-methods). */
import type { SectionRenderer } from '../definition.ts';
import { WaysToRedeemSection } from '../shared/points-methods.tsx';

export const definition: SectionRenderer = { Component: WaysToRedeemSection };
