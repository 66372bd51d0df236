/**
 * Every email block's renderer, one line each (the folder beside holds its MJML). TypeScript
 * refuses a block type of EMAIL_BLOCK_DEFINITIONS without a line here.
 */
import type { EmailBlockType } from '../../../../renderers/contract/index.ts';
import type { EmailBlockRenderer } from './definition.ts';
import { button } from './button/index.ts';
import { divider } from './divider/index.ts';
import { footer } from './footer/index.ts';
import { heading } from './heading/index.ts';
import { image } from './image/index.ts';
import { logo } from './logo/index.ts';
import { points_balance } from './points_balance/index.ts';
import { referral_link } from './referral_link/index.ts';
import { reward_code } from './reward_code/index.ts';
import { text } from './text/index.ts';
import { tier_progress } from './tier_progress/index.ts';

export const EMAIL_BLOCK_RENDERERS: { [T in EmailBlockType]: EmailBlockRenderer<T> } = {
  logo,
  heading,
  text,
  button,
  image,
  divider,
  points_balance,
  reward_code,
  tier_progress,
  referral_link,
  footer,
};
