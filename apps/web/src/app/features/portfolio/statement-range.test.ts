import { describe, expect, it } from 'vitest';
import { checkStatementRange, monthSoFar, statementFileName } from './statement-range.ts';

const today = '2026-03-18';

describe('monthSoFar', () => {
  it('runs from the first of the month to today', () => {
    expect(monthSoFar(today)).toEqual({ from: '2026-03-01', to: '2026-03-18' });
    expect(monthSoFar('2026-01-01')).toEqual({ from: '2026-01-01', to: '2026-01-01' });
  });
});

describe('checkStatementRange', () => {
  it('accepts a range ending today, and a single day', () => {
    expect(checkStatementRange({ from: '2026-02-01', to: today }, today)).toEqual({
      isValid: true,
      range: { from: '2026-02-01', to: today },
    });
    expect(checkStatementRange({ from: ' 2026-03-02', to: '2026-03-02 ' }, today)).toMatchObject({
      range: { from: '2026-03-02', to: '2026-03-02' },
    });
  });

  it('asks for both days', () => {
    expect(checkStatementRange({ from: '', to: '' }, today)).toEqual({
      isValid: false,
      errors: { from: 'Enter the first day', to: 'Enter the last day' },
    });
  });

  it('refuses what is not a calendar date', () => {
    expect(checkStatementRange({ from: '2026-02-30', to: 'yesterday' }, today)).toEqual({
      isValid: false,
      errors: {
        from: 'Enter the first day as a date, like 2026-03-01',
        to: 'Enter the last day as a date, like 2026-03-31',
      },
    });
  });

  it('refuses a first day after the last', () => {
    expect(checkStatementRange({ from: '2026-03-10', to: '2026-03-09' }, today)).toEqual({
      isValid: false,
      errors: { from: 'The first day must be on or before the last day', to: undefined },
    });
  });

  it('refuses a last day after today', () => {
    expect(checkStatementRange({ from: '2026-03-01', to: '2026-03-19' }, today)).toEqual({
      isValid: false,
      errors: { from: undefined, to: 'The last day can be today at the latest' },
    });
  });
});

describe('statementFileName', () => {
  it('names the file with the range, as the server does', () => {
    expect(statementFileName({ from: '2026-03-01', to: '2026-03-31' })).toBe(
      'sente-statement-2026-03-01-2026-03-31.csv',
    );
  });
});
