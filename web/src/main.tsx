// The reference portal: a single-page application over the public API. The search page and the home
// page are in the first bundle; the other pages load when first opened.
import { render } from 'preact';
import { ErrorBoundary, LocationProvider, Route, Router, lazy } from 'preact-iso';
import { Layout } from './components/Layout.tsx';
import { Home } from './pages/Home.tsx';
import { Search } from './pages/Search.tsx';
import { NotFound } from './pages/NotFound.tsx';
import { rememberScrollPositions, restoringScroll } from './scroll.ts';
import './styles.css';

const Listing = lazy(() => import('./pages/Listing.tsx').then((m) => m.Listing));
const SignIn = lazy(() => import('./pages/SignIn.tsx').then((m) => m.SignIn));
const MagicLink = lazy(() => import('./pages/SignIn.tsx').then((m) => m.MagicLink));
const Account = lazy(() => import('./pages/Account.tsx').then((m) => m.Account));
const AccountSavedSearch = lazy(() => import('./pages/Account.tsx').then((m) => m.AccountSavedSearch));
const Unsubscribe = lazy(() => import('./pages/Unsubscribe.tsx').then((m) => m.Unsubscribe));
const AreaPage = lazy(() => import('./pages/AreaPage.tsx').then((m) => m.AreaPage));
const NewsIndex = lazy(() => import('./pages/Indexes.tsx').then((m) => m.NewsIndex));
const GuidesIndex = lazy(() => import('./pages/Indexes.tsx').then((m) => m.GuidesIndex));
const AreasIndex = lazy(() => import('./pages/Indexes.tsx').then((m) => m.AreasIndex));
const ForgotPassword = lazy(() => import('./pages/SignIn.tsx').then((m) => m.ForgotPassword));
const ResetPassword = lazy(() => import('./pages/SignIn.tsx').then((m) => m.ResetPassword));
const ContentPage = lazy(() => import('./pages/ContentPage.tsx').then((m) => m.ContentPage));

/**
 * After a navigation, focus goes to the new page's main content, as a full page load would put it;
 * after back or forward, without scrolling, so the reader's position comes back (scroll.ts).
 */
function moveFocus(): void {
  const restoring = restoringScroll();
  requestAnimationFrame(() => document.getElementById('main')?.focus({ preventScroll: restoring }));
}

export function App() {
  return (
    <LocationProvider>
      <Layout>
        <ErrorBoundary>
          <Router onRouteChange={moveFocus}>
            <Route path="/" component={Home} />
            <Route path="/search" component={Search} />
            <Route path="/listings/:slug" component={Listing} />
            <Route path="/sign-in" component={SignIn} />
            <Route path="/sign-in/link/:id/:token" component={MagicLink} />
            <Route path="/sign-in/forgot-password" component={ForgotPassword} />
            <Route path="/sign-in/reset-password/:id/:token" component={ResetPassword} />
            <Route path="/account/:section?" component={Account} />
            <Route path="/account/saved-searches/:id" component={AccountSavedSearch} />
            <Route path="/alerts/unsubscribe/:token" component={Unsubscribe} />
            <Route path="/areas" component={AreasIndex} />
            <Route path="/areas/:slug" component={AreaPage} />
            <Route path="/news" component={NewsIndex} />
            <Route path="/guides" component={GuidesIndex} />
            <Route path="/news/:slug" component={ContentPage} />
            <Route path="/guides/:family/:slug" component={ContentPage} />
            <Route path="/pages/:slug" component={ContentPage} />
            <Route default component={NotFound} />
          </Router>
        </ErrorBoundary>
      </Layout>
    </LocationProvider>
  );
}

rememberScrollPositions();
render(<App />, document.getElementById('app')!);
