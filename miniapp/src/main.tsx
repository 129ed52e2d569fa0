import './boot';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';
import { languageReady } from './i18n';
import { App } from './app/App';
import { bootstrap } from './app/session';
import { watchForUpdates } from './app/update-check';

// A player who chose English is never shown Russian texts first: the first paint waits for theirs.
void languageReady.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
void bootstrap();
watchForUpdates();
