import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../lib/api-client.ts';
import {
  failureOf,
  NO_ANSWER_KEYED_MESSAGE,
  NO_ANSWER_MESSAGE,
  OFFLINE_MESSAGE,
  SERVER_TROUBLE_MESSAGE,
} from './failure.ts';

const networkFailure = new ApiRequestError(0, null);

describe('a failed request in plain words', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says "not sent" only when the phone knows it has no connection', () => {
    vi.stubGlobal('navigator', { onLine: false });
    expect(failureOf(networkFailure).message).toBe(OFFLINE_MESSAGE);
    expect(failureOf(networkFailure, { isKeyed: true }).message).toBe(OFFLINE_MESSAGE);
  });

  it('with a connection, a lost answer may have gone through: a keyed request says a retry is safe', () => {
    vi.stubGlobal('navigator', { onLine: true });
    expect(failureOf(networkFailure).message).toBe(NO_ANSWER_MESSAGE);
    expect(failureOf(networkFailure, { isKeyed: true }).message).toBe(NO_ANSWER_KEYED_MESSAGE);
    expect(NO_ANSWER_KEYED_MESSAGE).toContain('it will not be done twice');
  });

  it("gives a refusal in the server's words with its field messages, and a server failure in ours", () => {
    const refusal = new ApiRequestError(400, {
      error: 'Invalid bid',
      code: 'INVALID_BID',
      details: { amount: ['A bid is at least UGX 50,000', 'second'] },
    });
    expect(failureOf(refusal)).toEqual({
      message: 'Invalid bid',
      fieldErrors: { amount: 'A bid is at least UGX 50,000' },
      status: 400,
      code: 'INVALID_BID',
    });
    expect(failureOf(new ApiRequestError(503, null)).message).toBe(SERVER_TROUBLE_MESSAGE);
    expect(failureOf(new TypeError('boom')).message).toBe(SERVER_TROUBLE_MESSAGE);
  });
});
