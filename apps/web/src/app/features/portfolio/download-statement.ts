import { ApiError } from '@sente/contract';
import { routes } from '@sente/contract/routes';
import { ApiRequestError, buildQuery, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client.ts';
import { downloadCsv } from '../../../lib/csv-export.ts';
import { appAccessTokenAfter401 } from '../../session/app-api.ts';
import { readAppAccessToken } from '../../session/app-session.ts';
import { type StatementRange, statementFileName } from './statement-range.ts';

async function send(range: StatementRange, accessToken: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'text/csv' };
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  try {
    return await fetch(`${routes.lenderStatement.path}${buildQuery(range)}`, { headers });
  } catch {
    throw new ApiRequestError(0, null, NETWORK_ERROR_MESSAGE);
  }
}

async function refusalOf(response: Response): Promise<ApiRequestError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  const parsed = ApiError.safeParse(body);
  return new ApiRequestError(response.status, parsed.success ? parsed.data : null);
}

/**
 * GET /api/lender/statement/ with `Accept: text/csv` (the API client reads JSON only), saved as
 * sente-statement-<from>-<to>.csv. A 401 refreshes the app's session once, as the client does.
 */
export async function downloadStatement(range: StatementRange): Promise<string> {
  const access = readAppAccessToken();
  let response = await send(range, access);
  if (response.status === 401) {
    const fresh = await appAccessTokenAfter401(access);
    if (fresh === null) throw await refusalOf(response);
    response = await send(range, fresh);
  }
  if (!response.ok) throw await refusalOf(response);
  const fileName = statementFileName(range);
  downloadCsv(fileName, await response.text());
  return fileName;
}
