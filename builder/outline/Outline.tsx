/** The studio's left panel for each surface. */
import type { StudioSurface } from '../store/documents.ts';
import { PanelOutline } from './PanelOutline.tsx';
import { SectionOutline } from './SectionOutline.tsx';

export function Outline({ surface }: { surface: StudioSurface }) {
  if (surface === 'landing-page') return <SectionOutline />;
  if (surface === 'widget') return <PanelOutline />;
  return (
    <nav className="bs-outline" aria-label="Sticky bar parts">
      <h2>Sticky bar</h2>
      <p className="bs-muted">The bar and its drawer. The drawer shows the texts of the previewed audience.</p>
    </nav>
  );
}
