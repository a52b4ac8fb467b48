// ignore_visibility is honoured only for a request that proves it may preview: the API key (X-Api-Key or
// api_key) of the account that owns the listing or of an editor account, or a preview link's token
// (`preview`), which opens the one listing it names.
import type { ApiAccountService } from '../api-accounts/api-account-service.ts';
import { apiKeyOf } from '../api-accounts/api-key-auth.ts';

export interface PreviewRight {
  /** any listing (editors) */
  all: boolean;
  /** listings of this account */
  accountId: number | null;
  /** this one listing (a preview link) */
  listingId: number | null;
}

const WANTS = ['1', 'true'];

export interface PreviewCredentials {
  accounts: ApiAccountService;
  /** the listing a preview token names, null for none */
  previewListing(token: string): number | null;
}

export async function previewRight(
  query: Record<string, unknown>,
  headers: Record<string, string | string[] | undefined>,
  credentials: PreviewCredentials,
): Promise<PreviewRight | null> {
  if (typeof query.preview === 'string' && query.preview !== '') {
    const listingId = credentials.previewListing(query.preview);
    return listingId === null ? null : { all: false, accountId: null, listingId };
  }
  if (!WANTS.includes(String(query.ignore_visibility ?? '').toLowerCase())) return null;
  const key = apiKeyOf(headers, query);
  if (key === null) return null;
  const account = await credentials.accounts.authenticate(key);
  if (!account) return null;
  return { all: account.kind === 'editor', accountId: account.id, listingId: null };
}
