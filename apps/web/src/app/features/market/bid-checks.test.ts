import { describe, expect, it } from 'vitest';
import { bidAction, bidKeyFor, checkBid, mostYouCanBid } from './bid-checks.ts';

const limits = {
  listingAmount: 2_000_000,
  minBid: 50_000,
  maxRateBp: 280,
  available: 1_500_000,
  currentBid: 0,
};

describe('a bid checked before sending', () => {
  it('sends the amount in shillings and the rate as the wire writes it', () => {
    expect(checkBid({ amount: '150,000', rate: '2.5' }, limits)).toEqual({
      kind: 'valid',
      amount: 150_000,
      rateBp: 250,
      body: { amount: 150_000, rate: '2.50' },
    });
    expect(checkBid({ amount: 'UGX 1,500,000', rate: '1' }, limits)).toMatchObject({ kind: 'valid' });
    expect(checkBid({ amount: '200000', rate: '2.80' }, limits)).toMatchObject({ kind: 'valid' });
  });

  it('refuses amounts below the smallest bid, not in whole thousands, above the listing or above the cash', () => {
    const amountError = (amount: string, overrides = {}) => {
      const check = checkBid({ amount, rate: '2.00' }, { ...limits, ...overrides });
      return check.kind === 'invalid' ? check.errors.amount : undefined;
    };
    expect(amountError('')).toBe('Enter the amount you want to lend');
    expect(amountError('abc')).toBe('Enter the amount in whole shillings, like 100,000');
    expect(amountError('0')).toBe('Enter the amount in whole shillings, like 100,000');
    expect(amountError('100.50')).toBe('Enter the amount in whole shillings, like 100,000');
    expect(amountError('49,000')).toBe('A bid is at least UGX 50,000');
    expect(amountError('50,000')).toBeUndefined();
    expect(amountError('150,500')).toBe('Bid in whole thousands of shillings, like 150,000');
    expect(amountError('2,001,000', { available: 5_000_000 })).toBe(
      "A bid is at most the listing's UGX 2,000,000",
    );
    expect(amountError('1,501,000')).toBe('You can bid at most UGX 1,500,000: your available cash');
    // Changing a bid frees the old one's money.
    expect(amountError('1,800,000', { currentBid: 300_000 })).toBeUndefined();
    expect(amountError('1,801,000', { currentBid: 300_000 })).toBe(
      'You can bid at most UGX 1,800,000: your available cash plus your current bid',
    );
    // Cash not known yet: the server checks it.
    expect(amountError('2,000,000', { available: null })).toBeUndefined();
  });

  it('refuses a rate outside 1.00% to the listing’s maximum, in the contract’s words', () => {
    const rateError = (rate: string) => {
      const check = checkBid({ amount: '100,000', rate }, limits);
      return check.kind === 'invalid' ? check.errors.rate : undefined;
    };
    expect(rateError('')).toBe('Enter the rate you ask, like 2.50');
    expect(rateError('2.555')).toBe('Enter the rate with at most two decimals, like 2.50');
    expect(rateError('-2')).toBe('Enter the rate with at most two decimals, like 2.50');
    expect(rateError('0.99')).toBe("The rate is from 1% per month up to this listing's 2.8% per month");
    expect(rateError('2.81')).toBe("The rate is from 1% per month up to this listing's 2.8% per month");
    expect(rateError('1.00')).toBeUndefined();
  });

  it('says the most a lender can bid', () => {
    expect(mostYouCanBid(limits)).toBe(1_500_000);
    expect(mostYouCanBid({ ...limits, available: 5_000_000 })).toBe(2_000_000);
    expect(mostYouCanBid({ ...limits, available: 100_000, currentBid: 200_000 })).toBe(300_000);
    expect(mostYouCanBid({ ...limits, available: null })).toBe(2_000_000);
  });
});

describe('a bid’s Idempotency-Key', () => {
  let counter = 0;
  const newId = () => `id${++counter}`;

  it('is the same for a retry of the same listing, amount and rate, and new for another bid', () => {
    const first = bidKeyFor(null, bidAction(7, 150_000, 250), newId);
    expect(first.key).toMatch(/^bid:7:150000:250:id\d+$/);
    expect(first.key).toMatch(/^[\w.:-]{8,200}$/);
    expect(bidKeyFor(first, bidAction(7, 150_000, 250), newId)).toBe(first);
    expect(bidKeyFor(first, bidAction(7, 150_000, 260), newId).key).not.toBe(first.key);
    expect(bidKeyFor(first, bidAction(8, 150_000, 250), newId).key).not.toBe(first.key);
  });
});
