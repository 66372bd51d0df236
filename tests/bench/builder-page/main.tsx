/**
 * The bench page: the real builder studio on an in-memory API with the 40-section / 200-node page;
 * with `?languages` the store writes in English and French, and every text has its French.
 */
import { createRoot } from 'react-dom/client';
import { BuilderStudio } from '../../../builder/index.ts';
import { createMemoryApi } from '../../../builder/studio/memory-api.ts';
import { largeLandingPage, withFrench } from './large-page.ts';

const bilingual = new URLSearchParams(location.search).has('languages');
const { doc, nodes } = largeLandingPage();
Object.assign(window, { benchNodes: nodes, benchSections: doc.sections.length });
const api = createMemoryApi({ landing_page: bilingual ? withFrench(doc) : doc });
const languages = bilingual ? { default: 'en', others: ['fr'] } : undefined;
createRoot(document.getElementById('root')!).render(<BuilderStudio api={api} surface="landing-page" languages={languages} />);
