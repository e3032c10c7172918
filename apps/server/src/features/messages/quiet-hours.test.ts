import { describe, expect, it } from 'vitest';
import { smsReleaseTime } from './quiet-hours.ts';

const kampala = (iso: string) => new Date(`${iso}+03:00`);

describe('smsReleaseTime (quiet hours 21:00–07:00 Kampala)', () => {
  it.each([
    ['2026-03-02T07:00:00', '2026-03-02T07:00:00'],
    ['2026-03-02T20:59:59', '2026-03-02T20:59:59'],
    ['2026-03-02T21:00:00', '2026-03-03T07:00:00'],
    ['2026-03-02T23:30:00', '2026-03-03T07:00:00'],
    ['2026-03-31T22:00:00', '2026-04-01T07:00:00'],
    ['2026-03-03T00:10:00', '2026-03-03T07:00:00'],
    ['2026-03-03T06:59:59', '2026-03-03T07:00:00'],
  ])('holds a payment SMS written at %s until %s', (at, release) => {
    expect(smsReleaseTime(kampala(at), 'payment')).toEqual(kampala(release));
  });

  it('never holds a security code', () => {
    expect(smsReleaseTime(kampala('2026-03-02T23:30:00'), 'security')).toEqual(
      kampala('2026-03-02T23:30:00'),
    );
  });
});
