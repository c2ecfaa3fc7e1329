import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { setNavigate } from '../session/session.ts';
import { ToastViewport } from '../toast/ToastViewport.tsx';

/** Above every route: the toasts, and navigation for non-React code. */
export function RootLayout() {
  const navigate = useNavigate();
  useEffect(() => setNavigate((to) => void navigate(to)), [navigate]);
  return (
    <>
      <Outlet />
      <ToastViewport />
    </>
  );
}
