// Editors: API accounts of kind `editor`. Their api_key lets a request see disabled or unpublished content
// (ignore_visibility) and use the content management interface.
import type { Middleware } from 'koa';
import { ForbiddenError } from '../core/errors.ts';
import type { ApiAccountService } from '../sync/api-account-service.ts';
import { apiKeyAuth, type SyncState } from '../sync/api-key-auth.ts';

const WANTS = ['1', 'true'];

/** True when the request asks for ignore_visibility and carries the api_key of an editor account. */
export async function editorPreview(query: Record<string, unknown>, accounts: ApiAccountService): Promise<boolean> {
  if (!WANTS.includes(String(query.ignore_visibility ?? '').toLowerCase())) return false;
  const key = query.api_key;
  if (typeof key !== 'string' || !key) return false;
  const account = await accounts.authenticate(key);
  return account?.kind === 'editor';
}

/** 401 without a valid api_key, 403 for an account that is not an editor. */
export function editorsOnly(accounts: ApiAccountService): Middleware<SyncState>[] {
  const mustBeEditor: Middleware<SyncState> = async (ctx, next) => {
    if (ctx.state.account.kind !== 'editor') throw new ForbiddenError('Only editor accounts may manage content');
    await next();
  };
  return [apiKeyAuth(accounts), mustBeEditor];
}
