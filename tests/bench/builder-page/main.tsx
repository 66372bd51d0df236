/** The bench page: the real builder studio on an in-memory API with the 40-section / 200-node page. */
import { createRoot } from 'react-dom/client';
import { BuilderStudio } from '../../../builder/index.ts';
import { createMemoryApi } from '../../../builder/studio/memory-api.ts';
import { largeLandingPage } from './large-page.ts';

const { doc, nodes } = largeLandingPage();
Object.assign(window, { benchNodes: nodes, benchSections: doc.sections.length });
const api = createMemoryApi({ landing_page: doc });
createRoot(document.getElementById('root')!).render(<BuilderStudio api={api} surface="landing-page" />);
