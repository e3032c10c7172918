import { describe, expect, it } from 'vitest';
import {
  filtersFromParams,
  hasFilters,
  listingsQuery,
  paramsOfFilters,
  rateChoices,
  searchOfFilters,
} from './market-filters.ts';

const read = (search: string) => filtersFromParams(new URLSearchParams(search));

describe('the marketplace filters in the URL', () => {
  it('reads every filter and the page', () => {
    expect(read('?risk_grade=B&loan_type=3&max_term_months=6&min_rate=2.5&page=2')).toEqual({
      riskGrade: 'B',
      loanType: 3,
      maxTermMonths: 6,
      minRateBp: 250,
      page: 2,
    });
  });

  it('leaves out what the API would refuse instead of failing the screen', () => {
    expect(read('?risk_grade=F&loan_type=-1&max_term_months=30&min_rate=abc&page=0')).toEqual({
      riskGrade: null,
      loanType: null,
      maxTermMonths: null,
      minRateBp: null,
      page: 1,
    });
    expect(read('?max_term_months=2.5&min_rate=0.50&loan_type=1e3').maxTermMonths).toBeNull();
    expect(read('?min_rate=0.50').minRateBp).toBeNull();
    expect(read('?min_rate=10.01').minRateBp).toBeNull();
    expect(read('?loan_type=1e3').loanType).toBeNull();
  });

  it('writes back what it reads, so Back and a reload show the same listings', () => {
    for (const search of [
      '',
      '?risk_grade=A',
      '?loan_type=7&min_rate=2.75',
      '?risk_grade=C&max_term_months=12&page=3',
    ]) {
      const filters = read(search);
      expect(read(searchOfFilters(filters))).toEqual(filters);
    }
    expect(searchOfFilters(read('?min_rate=2.5'))).toBe('?min_rate=2.50');
    expect(searchOfFilters(read('?page=1'))).toBe('');
  });

  it('removes a filter set back to any', () => {
    expect(paramsOfFilters({ riskGrade: null })).toEqual({ risk_grade: null });
    expect(paramsOfFilters({ loanType: 4, minRateBp: 300 })).toEqual({ loan_type: '4', min_rate: '3.00' });
    expect(paramsOfFilters({ maxTermMonths: null })).toEqual({ max_term_months: null });
  });

  it('asks the API for open listings with only the filters set', () => {
    expect(listingsQuery(read(''))).toEqual({ status: 'OPEN', page: 1, page_size: 10 });
    expect(listingsQuery(read('?risk_grade=D&loan_type=2&max_term_months=3&min_rate=2&page=4'), 20)).toEqual({
      status: 'OPEN',
      page: 4,
      page_size: 20,
      risk_grade: 'D',
      loan_type: 2,
      max_term_months: 3,
      min_rate: '2.00',
    });
    expect(hasFilters(read('?page=3'))).toBe(false);
    expect(hasFilters(read('?min_rate=2'))).toBe(true);
  });

  it('offers the usual rates and one from a link, in order, as the contract words them', () => {
    const plain = rateChoices(null);
    expect(plain[0]).toEqual({ value: '1.50', label: '1.5% per month or more' });
    const withLink = rateChoices(275).map((choice) => choice.value);
    expect(withLink).toEqual(['1.50', '2.00', '2.50', '2.75', '3.00', '3.50', '4.00', '5.00']);
    expect(rateChoices(250)).toHaveLength(plain.length);
  });
});
