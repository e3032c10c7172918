import { describe, expect, it } from 'vitest';
import { districtOf } from './district.ts';

describe('districtOf', () => {
  it.each([
    ['Kampala, Owino Market', 'Kampala'],
    ['Owino Market, Kampala', 'Kampala'],
    ['Kampala Central Market, Kampala', 'Kampala'],
    ['Plot 7 Secret Street, Kampala', 'Kampala'],
    ['mbarara town, stall 14', 'Mbarara'],
    ['Madi Okollo trading centre', 'Madi-Okollo'],
    ['Fort Portal, Rwenzori Street', 'Fort Portal'],
    ['Gulu', 'Gulu'],
  ])('finds the district in "%s": %s', (location, district) => {
    expect(districtOf(location)).toBe(district);
  });

  it('shows only "Uganda" when no known district is named, never a street or market', () => {
    for (const location of ['Plot 7 Secret Street', 'Nakasero Market stall 12', '', 'Kampalaville Road']) {
      expect(districtOf(location)).toBe('Uganda');
    }
  });
});
