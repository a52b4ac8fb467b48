// Editors: API accounts of kind `editor`. Their api_key lets a request see disabled or unpublished content
// (ignore_visibility) and use the content management interface.
import * as yup from 'yup';
import { withJsonSchema } from '../core/validation.ts';
import type { Middleware } from 'koa';
import { ForbiddenError } from '../core/errors.ts';
import type { ApiAccountService } from '../api-accounts/api-account-service.ts';
import { apiKeyAuth, apiKeyOf, type SyncState } from '../api-accounts/api-key-auth.ts';

const VISIBILITY_FLAGS = ['1', 'true', '0', 'false'] as const;

/** The query parameters of a preview, for the query schemas of the routes that allow one. */
export const previewFields = {
  ignore_visibility: withJsonSchema(
    yup
      .string()
      .typeError('${path} must be a single value')
      .oneOf(VISIBILITY_FLAGS, `ignore_visibility must be one of ${VISIBILITY_FLAGS.join(', ')}`),
    { description: 'with 1 or true, also show disabled and unpublished content; needs the api_key of an editor account' },
  ),
  api_key: withJsonSchema(yup.string().typeError('${path} must be a single value'), {
    description: "an editor account's api_key, for ignore_visibility",
  }),
};

export const previewQuery = yup.object(previewFields);

export interface PreviewQuery {
  ignore_visibility?: string;
  api_key?: string;
}

/** True when the request asks for ignore_visibility and carries the API key (X-Api-Key or api_key) of an editor account. */
export async function editorPreview(
  query: PreviewQuery,
  accounts: ApiAccountService,
  headers: Record<string, string | string[] | undefined> = {},
): Promise<boolean> {
  if (query.ignore_visibility !== '1' && query.ignore_visibility !== 'true') return false;
  const key = apiKeyOf(headers, { api_key: query.api_key });
  if (key === null) return false;
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
