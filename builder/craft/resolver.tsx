/**
 * Craft's resolver: one user component per block name. The canvas draws the renderers'
 * components itself; these inert stand-ins only let craft load, select and serialize our nodes.
 */
import type { UserComponent } from '@craftjs/core';
import { BLOCK_NAMES, type BlockName } from './adapter.ts';

function block(name: BlockName): UserComponent {
  const Block: UserComponent = () => <template data-block={name} />;
  Block.craft = { displayName: name };
  return Block;
}

export const CRAFT_RESOLVER: Record<BlockName, UserComponent> = Object.fromEntries(BLOCK_NAMES.map((name) => [name, block(name)])) as Record<BlockName, UserComponent>;
