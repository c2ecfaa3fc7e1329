import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { LocaleProvider } from './i18n/locale.tsx';
import { onUnauthenticated } from './relay/post-graphql.ts';
import { createRouter } from './router.tsx';
import { expireSession } from './session/session.ts';
import './style.css';

onUnauthenticated(expireSession);
const router = createRouter();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <LocaleProvider>
        <RouterProvider router={router} />
      </LocaleProvider>
    </StrictMode>,
  );
}
