/** Sets a sticky bar setting: the bar's placement, height or text, a drawer text per audience, or the drawer's sign-up page. */
import type { StickyBar } from '../../renderers/contract/index.ts';
import { docOf } from '../store/documents.ts';
import { defineCommand } from './command.ts';

export type SetStickyBarFieldArgs =
  | { part: 'bar'; key: 'placement'; value: StickyBar['bar']['placement'] }
  | { part: 'bar'; key: 'height'; value: number }
  | { part: 'bar'; key: 'text'; value: string }
  | { part: 'bar'; key: 'overlay'; value: boolean }
  | { part: 'drawer'; group: 'logged_in' | 'logged_out'; key: 'primary_text' | 'secondary_text'; value: string }
  | { part: 'drawer'; key: 'sign_up_url'; value: string };

export const setStickyBarField = defineCommand<SetStickyBarFieldArgs>({
  name: 'set-sticky-bar-field',
  perform(docs, args) {
    const doc = docOf(docs, 'sticky_bar');
    const target = (args.part === 'bar' ? doc.bar : 'group' in args ? doc.drawer[args.group] : doc.drawer) as Record<string, unknown>;
    if (target[args.key] !== args.value) target[args.key] = args.value;
  },
  coalesce: (args) => `sticky:${args.part}:${'group' in args ? args.group : ''}:${args.key}`,
});
