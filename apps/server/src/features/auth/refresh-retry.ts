/**
 * A refresh whose answer was lost (docs/app.md): a phone on a bad network sends its refresh token,
 * the server rotates it, and the answer with the new pair never arrives. The phone still holds only
 * the old token, and presenting it again would read as a stolen token coming back, ending the
 * session. Within this window, a rotated token whose successors were never used gets a new pair.
 */
export const REFRESH_RETRY_WINDOW_MS = 2 * 60 * 1000;

export interface FamilyToken {
  readonly rotatedAt: Date | null;
  readonly revokedAt: Date | null;
  readonly supersededAt: Date | null;
  readonly createdAt: Date;
}

/**
 * Whether `presented` (rotated, not revoked) may be exchanged again: the tokens issued after it in
 * its family were never used (each later one was itself replaced by such a retry), exactly one of
 * them is live, and it was issued within the window. A superseded token presented again is never a
 * retry: its holder got its answer, and someone else replayed the token before it.
 */
export function isRetryOfLostAnswer(
  presented: FamilyToken,
  issuedAfter: readonly FamilyToken[],
  now: Date,
): boolean {
  if (presented.supersededAt) return false;
  const live = issuedAfter.filter((token) => token.rotatedAt === null && token.revokedAt === null);
  const neverUsed = issuedAfter.every(
    (token) => token.revokedAt === null && (token.rotatedAt === null || token.supersededAt !== null),
  );
  const [successor] = live;
  return (
    neverUsed &&
    live.length === 1 &&
    successor !== undefined &&
    now.getTime() - successor.createdAt.getTime() <= REFRESH_RETRY_WINDOW_MS
  );
}
