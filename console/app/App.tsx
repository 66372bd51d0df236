import { Suspense, useEffect, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { Provider as AtomProvider } from 'jotai';
import { uiStore } from '../state/client-state.ts';
import { ToastProvider } from '../components/ui/Toast.tsx';
import { ErrorBoundary } from '../components/ui/ErrorBoundary.tsx';
import { CustomerListReset } from './CustomerListReset.tsx';
import { frameFor } from './frame.ts';
import { CUSTOMER_CARDS, ROUTES, routeByPath } from './features.ts';
import { CustomerCardsContext } from '../lib/feature.ts';
import { AuthCheckPage } from './session/AuthCheckPage.tsx';
import { FullPageLoader, SessionGate } from './session/SessionGate.tsx';
import { queryClient } from '../lib/runtime.ts';
import { AppFrame, BareFrame } from './shell/AppFrame.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';

/** spec §2 frame rules, applied to the current path. */
function Framed({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const kind = frameFor(pathname);
  const content = (
    <ErrorBoundary key={pathname}>
      <Suspense fallback={<FullPageLoader label="Loading…" />}>{children}</Suspense>
    </ErrorBoundary>
  );
  if (kind === 'admin') return <AppFrame>{content}</AppFrame>;
  return <BareFrame widget={kind === 'widget'}>{content}</BareFrame>;
}

/** Sets the document title from the route table. */
function DocumentTitle() {
  const { pathname } = useLocation();
  useEffect(() => {
    const route = routeByPath(pathname);
    document.title = route ? `${route.title} · Loyalty Studio` : 'Loyalty Studio';
  }, [pathname]);
  return null;
}

function AppRoutes() {
  return (
    <>
      <CustomerListReset />
      <DocumentTitle />
      <SessionGate>
        <Routes>
          <Route path="/" element={<Navigate to="/home" replace />} />
          <Route path="/_app" element={<Navigate to="/home" replace />} />
          <Route path="/auth-check" element={<AuthCheckPage />} />
          {ROUTES.map((route) => (
            <Route
              key={route.path}
              path={route.path}
              element={
                <Framed>
                  <route.screen route={route} />
                </Framed>
              }
            />
          ))}
          <Route
            path="*"
            element={
              <Framed>
                <NotFoundPage />
              </Framed>
            }
          />
        </Routes>
      </SessionGate>
    </>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AtomProvider store={uiStore}>
        <ToastProvider>
          <CustomerCardsContext value={CUSTOMER_CARDS}>
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          </CustomerCardsContext>
        </ToastProvider>
      </AtomProvider>
    </QueryClientProvider>
  );
}
