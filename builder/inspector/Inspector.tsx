/** The `Inspector` region: the settings of whatever is selected in the studio. */
import { PANEL_KEYS, type PanelKey } from '../../renderers/contract/index.ts';
import type { StudioSurface } from '../store/documents.ts';
import { useBuilder } from '../store/store.ts';
import { PageInspector } from './PageInspector.tsx';
import { SectionInspector } from './SectionInspector.tsx';
import { StickyBarInspector } from './StickyBarInspector.tsx';
import { LauncherInspector, PanelInspector, WidgetSettingsInspector } from './WidgetInspector.tsx';

const isPanel = (id: string): id is PanelKey => (PANEL_KEYS as readonly string[]).includes(id);

function Selected({ surface }: { surface: StudioSurface }) {
  const selection = useBuilder((s) => s.selection);
  if (surface === 'sticky-bar') return <StickyBarInspector />;
  if (surface === 'widget') {
    if (selection === 'launcher') return <LauncherInspector />;
    if (selection && isPanel(selection)) return <PanelInspector key={selection} panel={selection} />;
    return <WidgetSettingsInspector />;
  }
  return selection ? <SectionInspector key={selection} sectionId={selection} /> : <PageInspector />;
}

export function Inspector({ surface }: { surface: StudioSurface }) {
  return (
    <aside role="region" aria-label="Inspector" className="bs-inspector">
      <Selected surface={surface} />
    </aside>
  );
}
