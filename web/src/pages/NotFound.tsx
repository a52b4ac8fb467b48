import { useTitle } from '../components/common.tsx';

export function NotFound() {
  useTitle('Page not found');
  return (
    <div class="wrap narrow">
      <h1>Page not found</h1>
      <p>
        There is no page at this address. <a href="/search">Search for homes</a> or go to the <a href="/">home page</a>.
      </p>
    </div>
  );
}
