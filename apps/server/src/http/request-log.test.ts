import { describe, expect, it } from 'vitest';
import { loggerOptions } from './request-log.ts';

type RequestSerializer = (request: { method: string; url: string; id: string; ip?: string }) => {
  url: string;
};

describe('request logs', () => {
  const options = loggerOptions('info') as { serializers: { req: RequestSerializer } };
  const logged = (url: string) => options.serializers.req({ method: 'GET', url, id: 'req-1' }).url;

  it('leave out the signature of document links and one-time tokens', () => {
    expect(logged('/api/loans/documents/7/file/?expires=1767000000&signature=abc_DEF-123')).toBe(
      '/api/loans/documents/7/file/?expires=1767000000&signature=[redacted]',
    );
    expect(logged('/reset-password?token=secret&next=/')).toBe('/reset-password?token=[redacted]&next=/');
  });
});
