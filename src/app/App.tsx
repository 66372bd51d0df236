import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { Provider as AtomProvider } from 'jotai';
import { uiStore } from '../state/client-state.ts';
import { ToastProvider } from '../components/ui/Toast.tsx';
import { ErrorBoundary } from '../components/ui/ErrorBoundary.tsx';
import { CustomerListReset } from './CustomerListReset.tsx';
import { frameFor } from './frame.ts';
import { ROUTES, routeByPath, type RouteEntry } from '../lib/routes.ts';
import { AuthCheckPage } from './session/AuthCheckPage.tsx';
import { FullPageLoader, SessionGate } from './session/SessionGate.tsx';
import { queryClient } from '../lib/runtime.ts';
import { AppFrame, BareFrame } from './shell/AppFrame.tsx';
import { PlaceholderPage } from '../features/placeholders/PlaceholderPage.tsx';
import { NotFoundPage } from '../features/placeholders/NotFoundPage.tsx';

// Heavy screens are code-split.
const HomePage = lazy(() => import('../features/home/HomePage.tsx').then((m) => ({ default: m.HomePage })));
const SettingsPage = lazy(() => import('../features/account/SettingsPage.tsx').then((m) => ({ default: m.SettingsPage })));
const OnboardingPage = lazy(() => import('../features/onboarding/OnboardingPage.tsx').then((m) => ({ default: m.OnboardingPage })));
const AnalyticsPage = lazy(() => import('../features/analytics/AnalyticsPage.tsx').then((m) => ({ default: m.AnalyticsPage })));
const IntegrationsPage = lazy(() => import('../features/integrations/IntegrationsPage.tsx').then((m) => ({ default: m.IntegrationsPage })));
const OrderHistoryPage = lazy(() => import('../features/integrations/OrderHistoryPage.tsx').then((m) => ({ default: m.OrderHistoryPage })));
const ProductHistoryPage = lazy(() => import('../features/products/ProductHistoryPage.tsx').then((m) => ({ default: m.ProductHistoryPage })));
const CustomAppPage = lazy(() => import('../features/integrations/CustomAppPage.tsx').then((m) => ({ default: m.CustomAppPage })));
const PointsPage = lazy(() => import('../features/points/PointsPage.tsx').then((m) => ({ default: m.PointsPage })));
const ActivityPage = lazy(() => import('../features/points/ActivityPage.tsx').then((m) => ({ default: m.ActivityPage })));
const CustomersPage = lazy(() => import('../features/customers/CustomersPage.tsx').then((m) => ({ default: m.CustomersPage })));
const CustomerDetailsPage = lazy(() => import('../features/customers/CustomerDetailsPage.tsx').then((m) => ({ default: m.CustomerDetailsPage })));
const AwardsPage = lazy(() => import('../features/customers/AwardsPage.tsx').then((m) => ({ default: m.AwardsPage })));
const ReceiptModerationPage = lazy(() => import('../features/customers/ReceiptModerationPage.tsx').then((m) => ({ default: m.ReceiptModerationPage })));
const OnsiteDisplayPage = lazy(() => import('../features/onsite-display/pages.tsx').then((m) => ({ default: m.OnsiteDisplayPage })));
const ReferralsPage = lazy(() => import('../features/referrals/ReferralsPage.tsx').then((m) => ({ default: m.ReferralsPage })));
const VipPage = lazy(() => import('../features/vip/VipPage.tsx').then((m) => ({ default: m.VipPage })));
const EmailsPage = lazy(() => import('../features/emails/EmailsPage.tsx').then((m) => ({ default: m.EmailsPage })));

function screenFor(route: RouteEntry): ReactNode {
  switch (route.screen) {
    case 'home':
      return <HomePage />;
    case 'settings':
      return <SettingsPage />;
    case 'onboarding':
      return <OnboardingPage />;
    case 'onsite-display':
      return <OnsiteDisplayPage route={route} />;
    case 'analytics':
      return <AnalyticsPage />;
    case 'emails':
      return <EmailsPage route={route} />;
    case 'integrations':
      return <IntegrationsPage />;
    case 'order-history':
      return <OrderHistoryPage route={route} />;
    case 'product-history':
      return <ProductHistoryPage route={route} />;
    case 'custom-app':
      return <CustomAppPage route={route} />;
    case 'points':
      return <PointsPage />;
    case 'points-activity':
      return <ActivityPage />;
    case 'customers':
      return <CustomersPage />;
    case 'customer-details':
      return <CustomerDetailsPage />;
    case 'customer-awards':
      return <AwardsPage />;
    case 'receipt-moderation':
      return <ReceiptModerationPage />;
    case 'referrals':
      return <ReferralsPage />;
    case 'vip':
      return <VipPage />;
    default:
      return <PlaceholderPage route={route} />;
  }
}

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
            <Route key={route.path} path={route.path} element={<Framed>{screenFor(route)}</Framed>} />
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
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </ToastProvider>
      </AtomProvider>
    </QueryClientProvider>
  );
}
