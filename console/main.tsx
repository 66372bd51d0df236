import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { consoleStore, waitForRehydration } from './state/store.ts';
// oxlint-disable-next-line import/no-unassigned-import -- the stylesheet is a side effect by nature
import './styles/index.css';

const root = createRoot(document.getElementById('root')!);

// spec §4: wait for the persisted state (at most 10 s), then start.
void waitForRehydration(consoleStore()).then((hydrated) => {
  if (!hydrated) console.warn('The saved state did not load in time; starting without it.');
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
