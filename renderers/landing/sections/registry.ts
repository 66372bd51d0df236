/**
 * Every landing section type's renderer, one line each (the folder beside holds the component and
 * its CSS). TypeScript refuses a type of SECTION_TYPES without a line here.
 */
import type { SectionType } from '../../contract/index.ts';
import type { SectionRenderer } from './definition.ts';
import { definition as banner } from './banner/index.tsx';
import { definition as header } from './header/index.tsx';
import { definition as how_it_works } from './how_it_works/index.tsx';
import { definition as ways_to_earn } from './ways_to_earn/index.tsx';
import { definition as ways_to_redeem } from './ways_to_redeem/index.tsx';
import { definition as referral } from './referral/index.tsx';
import { definition as vip_tiers } from './vip_tiers/index.tsx';
import { definition as timeline } from './timeline/index.tsx';
import { definition as reward_list } from './reward_list/index.tsx';

export const SECTION_RENDERERS: Record<SectionType, SectionRenderer> = {
  banner,
  header,
  how_it_works,
  ways_to_earn,
  ways_to_redeem,
  referral,
  vip_tiers,
  timeline,
  reward_list,
};

/** The CSS of every section type, in the registry's order (the landing page's stylesheet appends it). */
export const LANDING_SECTION_STYLES: string = Object.values(SECTION_RENDERERS)
  .map((section) => section.styles ?? '')
  .join('');
