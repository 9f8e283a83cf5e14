// First: configures zod before any module parses with it.
import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startSession } from './lib/auth/session';
import { initI18n } from './lib/i18n';

void initI18n();
startSession();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
