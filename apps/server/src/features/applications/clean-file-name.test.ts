import { describe, expect, it } from 'vitest';
import { cleanFileName } from './documents.service.ts';

describe('cleanFileName: what an uploaded file is called on screen', () => {
  it.each([
    ['invoice\u202Efdp.exe', 'invoicefdp.exe'],
    ['ID\u200B card\u2066.png', 'ID card.png'],
    ['bank\u0000statement\u0007.pdf', 'bankstatement.pdf'],
    ['line\u2028break.pdf', 'linebreak.pdf'],
    ['half \uD800 pair.pdf', 'half  pair.pdf'],
    ['C:\\Users\\nakato\\"licence".pdf', 'licence.pdf'],
    ['  \u202E  ', 'fallback.pdf'],
  ])('strips control, format and quote characters from %j', (input, expected) => {
    expect(cleanFileName(input, 'fallback.pdf')).toBe(expected);
  });

  it('keeps letters of every script, and cuts at 200 characters without splitting one', () => {
    expect(cleanFileName('Ssebo Kato – okusaba.pdf', 'x')).toBe('Ssebo Kato – okusaba.pdf');
    const long = `${'😀'.repeat(250)}.pdf`;
    expect(cleanFileName(long, 'x')).toBe('😀'.repeat(200));
  });
});
