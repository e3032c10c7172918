import { ApiError, type RouteDefinition, type RouteQueryInput } from '@sente/contract';
import {
  ApiRequestError,
  accessTokenAfter401,
  buildQuery,
  NETWORK_ERROR_MESSAGE,
  readAccessTokenForDownload,
} from './api-client.ts';
import { saveFile } from './csv-export.ts';

async function send(url: string, accessToken: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'text/csv' };
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  try {
    return await fetch(url, { headers });
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

/** The file name the server chose (`content-disposition`), else the fallback. */
function fileNameOf(response: Response, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ?? fallback;
}

/**
 * Downloads a streamed CSV export of the back-office (docs/back-office.md, Export) and saves it under
 * the server's file name, which it answers. A 401 refreshes the session once, as the API client does;
 * a refusal (a bad date range) is thrown as the client throws it.
 */
export async function downloadExport<R extends RouteDefinition>(
  route: R,
  query: RouteQueryInput<R>,
  fallbackName: string,
): Promise<string> {
  const url = `${route.path}${buildQuery(query)}`;
  const access = readAccessTokenForDownload();
  let response = await send(url, access);
  if (response.status === 401) {
    const fresh = await accessTokenAfter401(access);
    if (fresh === null) throw await refusalOf(response);
    response = await send(url, fresh);
  }
  if (!response.ok) throw await refusalOf(response);
  const fileName = fileNameOf(response, fallbackName);
  saveFile(fileName, await response.blob());
  return fileName;
}
