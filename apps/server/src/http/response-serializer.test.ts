import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializer } from './response-serializer.ts';

const schema = z.object({ id: z.number().int(), amount: z.string(), note: z.string().nullable() });

function serializerFor(validate: boolean) {
  return responseSerializer(validate)({ schema, method: 'GET', url: '/api/things/', httpStatus: '200' });
}

describe('the response serializer', () => {
  it('writes a response that is exactly its contract', () => {
    const write = serializerFor(true);
    expect(write({ id: 1, amount: '1500.00', note: null })).toBe('{"id":1,"amount":"1500.00","note":null}');
  });

  it('refuses, while validating, a response with a key the contract does not have', () => {
    const write = serializerFor(true);
    expect(() => write({ id: 1, amount: '1500.00', note: null, password_hash: 'x' })).toThrow(
      /keys or values its contract schema would drop or change/,
    );
  });

  it('refuses, while validating, a response that breaks its contract', () => {
    const write = serializerFor(true);
    expect(() => write({ id: 1.5, amount: 1500, note: null })).toThrow();
  });

  it('trusts the presenters when not validating (production): JSON.stringify, nothing checked', () => {
    const write = serializerFor(false);
    expect(write({ id: 1, amount: '1500.00', note: null })).toBe('{"id":1,"amount":"1500.00","note":null}');
  });
});
