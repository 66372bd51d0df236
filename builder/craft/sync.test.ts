import { describe, expect, it } from 'vitest';
import { ownerOf, sectionNodeId } from './adapter.ts';
import { editFromCraft, type CraftChild } from './sync.ts';

const sections = ['a', 'b', 'c', 'd'].map((id) => ({ id }));
const child = (id: string, name = 'header'): CraftChild => ({ nodeId: sectionNodeId(id), name });
const craft = (...ids: string[]) => ids.map((id) => child(id));
const sectionOf = (nodeId: string) => ownerOf('landing_page', nodeId);
const edit = (children: CraftChild[]) => editFromCraft(children, sections, sectionOf);

describe('editFromCraft', () => {
  it('answers nothing when craft holds the store order', () => {
    expect(edit(craft('a', 'b', 'c', 'd'))).toBeNull();
  });

  it('turns a section dragged up or down into one move', () => {
    expect(edit(craft('c', 'a', 'b', 'd'))).toEqual({ kind: 'move', sectionId: 'c', toIndex: 0 });
    expect(edit(craft('b', 'c', 'a', 'd'))).toEqual({ kind: 'move', sectionId: 'a', toIndex: 2 });
    expect(edit(craft('a', 'b', 'd', 'c'))).toMatchObject({ kind: 'move', toIndex: 2 });
  });

  it('turns a block dropped from the palette into an add at its place', () => {
    const dropped = { nodeId: 'craft-random-id', name: 'timeline' };
    expect(edit([child('a'), dropped, ...craft('b', 'c', 'd')])).toEqual({ kind: 'add', type: 'timeline', index: 1 });
    expect(edit([dropped, ...craft('a', 'b', 'c', 'd')])).toEqual({ kind: 'add', type: 'timeline', index: 0 });
  });

  it('asks for a rebuild when no single command explains craft', () => {
    expect(edit(craft('b', 'a', 'd', 'c'))).toEqual({ kind: 'resync' });
    expect(edit([...craft('a', 'b', 'c', 'd'), { nodeId: 'x', name: 'carousel_of_doom' }])).toEqual({ kind: 'resync' });
    expect(edit(craft('a', 'b', 'c'))).toEqual({ kind: 'resync' });
  });
});
