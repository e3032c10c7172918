import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived signed links to documents: HMAC-SHA256 over the document id and the expiry, with a key
 * derived from the JWT secret (a separate key, so a document signature is never a valid token).
 */
export const DOCUMENT_URL_TTL_SECONDS = 5 * 60;

export interface DocumentUrlSigner {
  url(documentId: number, now: Date): string;
  /** 'ok', 'expired' or 'invalid'. */
  verify(documentId: number, expires: number, signature: string, now: Date): 'ok' | 'expired' | 'invalid';
}

export function createDocumentUrlSigner(
  secret: string,
  ttlSeconds = DOCUMENT_URL_TTL_SECONDS,
): DocumentUrlSigner {
  const key = createHmac('sha256', secret).update('sente:document-url:v1').digest();
  const sign = (documentId: number, expires: number) =>
    createHmac('sha256', key).update(`${documentId}.${expires}`).digest('base64url');
  return {
    url(documentId, now) {
      const expires = Math.floor(now.getTime() / 1000) + ttlSeconds;
      return `/api/loans/documents/${documentId}/file/?expires=${expires}&signature=${sign(documentId, expires)}`;
    },
    verify(documentId, expires, signature, now) {
      const expected = Buffer.from(sign(documentId, expires));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
      return expires * 1000 < now.getTime() ? 'expired' : 'ok';
    },
  };
}
