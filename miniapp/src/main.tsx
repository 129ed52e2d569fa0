import './boot';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';
import './i18n';
import { App } from './app/App';
import { bootstrap } from './app/session';
import { watchForUpdates } from './app/update-check';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
void bootstrap();
watchForUpdates();
