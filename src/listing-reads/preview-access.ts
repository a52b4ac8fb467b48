// ignore_visibility is honoured only for a request that proves it may preview: the API key (X-Api-Key or
// api_key) of the account that owns the listing, or of an editor account.
import type { ApiAccountService } from '../sync/api-account-service.ts';
import { apiKeyOf } from '../sync/api-key-auth.ts';

export interface PreviewRight {
  /** any listing (editors) */
  all: boolean;
  /** listings of this account */
  accountId: number | null;
}

const WANTS = ['1', 'true'];

export async function previewRight(
  query: Record<string, unknown>,
  headers: Record<string, string | string[] | undefined>,
  accounts: ApiAccountService,
): Promise<PreviewRight | null> {
  if (!WANTS.includes(String(query.ignore_visibility ?? '').toLowerCase())) return null;
  const key = apiKeyOf(headers, query);
  if (key === null) return null;
  const account = await accounts.authenticate(key);
  if (!account) return null;
  return { all: account.kind === 'editor', accountId: account.id };
}
