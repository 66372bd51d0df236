/** Test helpers for commands: run one on fresh preset documents. */
import { produce } from 'immer';
import { DEFAULT_CUSTOM_STYLE, DEFAULT_LANDING_PAGE, DEFAULT_LAUNCHER, DEFAULT_STICKY_BAR, DEFAULT_WIDGET } from '../../presets/index.ts';
import type { SurfaceDocs } from '../store/documents.ts';
import type { Command } from './command.ts';

export const freshDocs = (): SurfaceDocs =>
  structuredClone({
    landing_page: DEFAULT_LANDING_PAGE,
    widget: DEFAULT_WIDGET,
    launcher: DEFAULT_LAUNCHER,
    sticky_bar: DEFAULT_STICKY_BAR,
    custom_style: DEFAULT_CUSTOM_STYLE,
  });

export const runOn = <A>(docs: SurfaceDocs, command: Command<A>, args: A): SurfaceDocs => produce(docs, (draft) => command.perform(draft, args));

export const landing = (docs: SurfaceDocs) => docs.landing_page!;
export const sectionIds = (docs: SurfaceDocs) => landing(docs).sections.map((s) => s.id);
