import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './request-log.ts';

type RequestSerializer = (request: { method: string; url: string; id: string; ip?: string }) => {
  url: string;
};

describe('request logs', () => {
  const options = loggerOptions('info') as { serializers: { req: RequestSerializer } };
  const logged = (url: string) => options.serializers.req({ method: 'GET', url, id: 'req-1' }).url;

  it('leave out the signature of document links, one-time tokens and every personal query value', () => {
    expect(logged('/api/loans/documents/7/file/?expires=1767000000&signature=abc_DEF-123')).toBe(
      '/api/loans/documents/7/file/?expires=1767000000&signature=[redacted]',
    );
    expect(logged('/reset-password?token=secret&next=/')).toBe(
      '/reset-password?token=[redacted]&next=[redacted]',
    );
    expect(logged('/api/auth/admin/users/?search=CF12345678901A&page=2&status=Active')).toBe(
      '/api/auth/admin/users/?search=[redacted]&page=2&status=Active',
    );
    expect(logged('/api/simulator/sms/?to=%2B256772123456')).toBe('/api/simulator/sms/?to=[redacted]');
  });
});

describe('error logs', () => {
  it('carry what failed but never the query parameters or the database detail', async () => {
    const lines: string[] = [];
    const app = Fastify({
      logger: {
        ...(loggerOptions('info') as object),
        stream: { write: (line: string) => lines.push(line) },
      },
    });
    const cause = Object.assign(new Error('duplicate key value violates unique constraint'), {
      detail: 'Key (nin)=(CF12345678901A) already exists.',
      code: '23505',
    });
    const failed = Object.assign(
      new Error(
        'Failed query: insert into applications (nin, business_name) values ($1, $2)\nparams: CF12345678901A,Nakato Fresh Produce',
      ),
      {
        params: ['CF12345678901A', 'Nakato Fresh Produce'],
        query: 'insert into applications (nin, business_name) values ($1, $2)',
        cause,
      },
    );
    app.log.error(
      {
        err: failed,
        user: { email: 'nakato@example.ug', name: 'Nakato Sarah', phone_number: '+256772123456' },
      },
      'unhandled error',
    );
    await app.close();
    const text = lines.join('');
    expect(text).toContain('Failed query: insert into applications');
    expect(text).toContain('23505');
    for (const secret of ['CF12345678901A', 'Nakato', 'nakato@example.ug', '+256772123456']) {
      expect(text).not.toContain(secret);
    }
  });
});
