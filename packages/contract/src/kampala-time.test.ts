import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  endOfKampalaDate,
  formatKampalaDate,
  formatKampalaDateTime,
  kampalaDate,
  kampalaDateTime,
  kampalaPeriods,
  kampalaTime,
  startOfKampalaDate,
} from './kampala-time.ts';

const at = (iso: string) => new Date(iso);

describe('kampalaDate', () => {
  it.each([
    ['2026-11-21T20:59:59.999Z', '2026-11-21'], // 23:59:59.999 in Kampala
    ['2026-11-21T21:00:00.000Z', '2026-11-22'], // Kampala midnight, still the 21st in UTC
    ['2026-11-22T00:00:00.000Z', '2026-11-22'], // UTC midnight is 03:00 in Kampala
    ['2025-12-31T21:00:00.000Z', '2026-01-01'], // a new year three hours before UTC's
    ['2024-02-28T21:00:00.000Z', '2024-02-29'],
  ])('puts %s on %s', (instant, date) => {
    expect(kampalaDate(at(instant))).toBe(date);
  });

  it('agrees with the time-zone database for Africa/Kampala', () => {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone: 'Africa/Kampala',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    const isoOf = (instant: Date) => {
      const part = (type: string) => parts.formatToParts(instant).find((p) => p.type === type)?.value;
      return `${part('year')}-${part('month')}-${part('day')}`;
    };
    for (let ms = Date.UTC(2024, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 7 * 60 * 60 * 1000 + 1) {
      expect(kampalaDate(new Date(ms))).toBe(isoOf(new Date(ms)));
    }
  });

  it('gives the wall-clock time with the date', () => {
    expect(kampalaTime(at('2026-11-21T21:05:09Z'))).toBe('00:05:09');
    expect(kampalaDateTime(at('2026-11-21T11:05:09Z'))).toEqual({ date: '2026-11-21', time: '14:05:09' });
  });
});

describe('start and end of a Kampala day', () => {
  it('starts at 21:00 UTC the day before and ends, exclusive, 24 hours later', () => {
    expect(startOfKampalaDate('2026-11-22').toISOString()).toBe('2026-11-21T21:00:00.000Z');
    expect(endOfKampalaDate('2026-11-22').toISOString()).toBe('2026-11-22T21:00:00.000Z');
  });

  it('holds every instant of the day and none of the next', () => {
    const end = endOfKampalaDate('2026-11-22');
    expect(kampalaDate(startOfKampalaDate('2026-11-22'))).toBe('2026-11-22');
    expect(kampalaDate(new Date(end.getTime() - 1))).toBe('2026-11-22');
    expect(kampalaDate(end)).toBe('2026-11-23');
  });
});

describe('calendar arithmetic', () => {
  it.each([
    ['2024-02-28', 1, '2024-02-29'],
    ['2025-02-28', 1, '2025-03-01'],
    ['2025-12-31', 1, '2026-01-01'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2025-03-03', 7 * 26, '2025-09-01'],
  ])('%s plus %i days is %s', (date, days, result) => {
    expect(addDays(date, days)).toBe(result);
    expect(daysBetween(date, result)).toBe(days);
  });
});

describe('kampalaPeriods', () => {
  it("counts today, the week from Monday and the month in Kampala's calendar", () => {
    // Sunday 22 November in UTC, already Monday the 23rd in Kampala.
    expect(kampalaPeriods(at('2026-11-22T22:00:00Z'))).toEqual({
      today: '2026-11-23',
      weekStart: '2026-11-23',
      monthStart: '2026-11-01',
    });
    // Sunday 1 March 2026 in Kampala: the week began on Monday 23 February.
    expect(kampalaPeriods(at('2026-03-01T10:00:00Z'))).toEqual({
      today: '2026-03-01',
      weekStart: '2026-02-23',
      monthStart: '2026-03-01',
    });
  });
});

describe('formatKampalaDate and formatKampalaDateTime', () => {
  it('shows a calendar date as that day', () => {
    expect(formatKampalaDate('2025-05-13')).toBe('13 May 2025');
  });

  it("shows an instant on Kampala's calendar and clock", () => {
    expect(formatKampalaDate('2025-05-13T21:30:00Z')).toBe('14 May 2025');
    expect(formatKampalaDateTime('2025-05-13T11:05:00Z')).toBe('13 May 2025, 14:05');
    expect(formatKampalaDateTime('2025-05-13T21:00:00.000Z')).toBe('14 May 2025, 00:00');
  });

  it('shows an em dash for nothing or nonsense', () => {
    for (const value of [null, undefined, '', 'soon', '2025-13-45']) {
      expect(formatKampalaDate(value)).toBe('—');
      expect(formatKampalaDateTime(value)).toBe('—');
    }
  });
});
