import type { CSSProperties } from 'react';
import { CONSOLE_CONSTANTS } from '../../../lib/constants.ts';

/**
 * The modal overlays' transition (spec §9: 200 ms), handed to kit.css as a variable: React Aria
 * keeps an overlay mounted until its CSS exit animation has run.
 */
export const overlayTransitionStyle = { '--ls-dialog-transition': `${CONSOLE_CONSTANTS.dialogTransitionMs}ms` } as CSSProperties;
