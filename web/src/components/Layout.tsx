import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { useSession } from '../session.ts';
import { notice } from '../notice.ts';

export function Layout({ children }: { children: ComponentChildren }) {
  const signedIn = useSession();
  const { path } = useLocation();
  // a message left for this page by the one before (notice.ts), shown until the next page
  const [said, setSaid] = useState<string | null>(null);
  useEffect(() => setSaid(notice.take()), [path]);
  const current = (prefix: string) => (path === prefix || (prefix !== '/' && path.startsWith(prefix)) ? 'page' : undefined);
  return (
    <>
      <a class="skip-link" href="#main">
        Skip to main content
      </a>
      {path === '/search' && (
        <a
          class="skip-link"
          href="#results-list"
          onClick={(e) => {
            // the router would take the address's query away with a bare fragment
            e.preventDefault();
            const list = document.getElementById('results-list');
            list?.focus();
            list?.scrollIntoView();
          }}
        >
          Skip to the results
        </a>
      )}
      <header class="site-header">
        <div class="wrap header-row">
          <a class="brand" href="/">
            <svg aria-hidden="true" viewBox="0 0 32 32" width="28" height="28">
              <path fill="currentColor" d="M16 3 2 15h4v14h8v-9h4v9h8V15h4z" />
            </svg>
            Home-seeker portal
          </a>
          <nav aria-label="Main">
            <ul class="nav-list">
              <li>
                <a href="/search?occupancy_type=for-sale" aria-current={current('/search')}>
                  Search homes
                </a>
              </li>
              <li>
                {signedIn ? (
                  <a href="/account" aria-current={current('/account')}>
                    My account
                  </a>
                ) : (
                  <a href="/sign-in" aria-current={current('/sign-in')}>
                    Sign in
                  </a>
                )}
              </li>
            </ul>
          </nav>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        {said && (
          <div class="wrap">
            <p class="panel success notice" role="status">
              {said}
            </p>
          </div>
        )}
        {children}
      </main>
      <footer class="site-footer">
        <div class="wrap">
          <nav aria-label="More">
            <ul class="footer-links">
              <li>
                <a href="/news">News</a>
              </li>
              <li>
                <a href="/guides">Guides</a>
              </li>
              <li>
                <a href="/areas">Areas</a>
              </li>
            </ul>
          </nav>
          <p>
            The reference portal of the home-seeker marketplace. Its data comes from the public API (<a href="/docs">API reference</a>).
          </p>
        </div>
      </footer>
    </>
  );
}
