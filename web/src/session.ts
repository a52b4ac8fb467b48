// The signed-in customer's tokens, kept in localStorage so that a reload or a new tab stays signed in.
// Components follow it with useSession().
import { useEffect, useState } from 'preact/hooks';

interface Tokens {
  accessToken: string;
  refreshToken: string | null;
  /** ISO date-time */
  expiresAt: string;
}

const KEY = 'portal.session';
const listeners = new Set<() => void>();

function read(): Tokens | null {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as Tokens) : null;
  } catch {
    return null;
  }
}

function write(tokens: Tokens | null): void {
  if (tokens) localStorage.setItem(KEY, JSON.stringify(tokens));
  else localStorage.removeItem(KEY);
  for (const listener of listeners) listener();
}

let renewing: Promise<string | undefined> | null = null;

export const session = {
  signedIn: (): boolean => read() !== null,
  set: (tokens: Tokens) => write(tokens),
  clear: () => write(null),
  /** the access token, renewed first when it is about to expire */
  async accessToken(): Promise<string | undefined> {
    const tokens = read();
    if (!tokens) return undefined;
    if (new Date(tokens.expiresAt).getTime() - Date.now() > 30_000) return tokens.accessToken;
    return (await session.renew()) ?? undefined;
  },
  /** exchanges the refresh token for new tokens; signs out when that fails */
  renew(): Promise<string | undefined> {
    renewing ??= (async () => {
      const tokens = read();
      if (!tokens?.refreshToken) {
        write(null);
        return undefined;
      }
      const res = await fetch('/api/rest/portal/refresh-token', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ refreshToken: tokens.refreshToken }),
      });
      if (!res.ok) {
        write(null);
        return undefined;
      }
      const body = (await res.json()) as { access_token: string; refresh_token: string; expires_at: string };
      write({ accessToken: body.access_token, refreshToken: body.refresh_token, expiresAt: body.expires_at });
      return body.access_token;
    })().finally(() => {
      renewing = null;
    });
    return renewing;
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

// another tab signed in or out
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === KEY) for (const listener of listeners) listener();
  });
}

/** whether a customer is signed in, kept up to date */
export function useSession(): boolean {
  const [signedIn, setSignedIn] = useState(session.signedIn());
  useEffect(() => session.subscribe(() => setSignedIn(session.signedIn())), []);
  return signedIn;
}
