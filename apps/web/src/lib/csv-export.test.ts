import { csvCell, toCsv } from '@sente/contract';
import { describe, expect, it, vi } from 'vitest';
import { csvFileName, downloadCsv } from './csv-export.ts';

interface Row {
  readonly name: string;
  readonly amount: number;
  readonly note: string | null;
}

/** jsdom's Blob has no arrayBuffer(); FileReader reads it the old way. */
function readBytes(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      resolve(new Uint8Array(reader.result instanceof ArrayBuffer ? reader.result : new ArrayBuffer(0)));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

const columns = [
  { header: 'Name', value: (row: Row) => row.name },
  { header: 'Amount (UGX)', value: (row: Row) => row.amount },
  { header: 'Note', value: (row: Row) => row.note },
];

describe('CSV export', () => {
  it('writes a header line and one CRLF-ended line per row', () => {
    const csv = toCsv(columns, [
      { name: 'Nakato Sarah', amount: 1_500_000, note: null },
      { name: 'Okello David', amount: -20_000, note: 'late' },
    ]);
    expect(csv).toBe('Name,Amount (UGX),Note\r\nNakato Sarah,1500000,\r\nOkello David,-20000,late\r\n');
  });

  it('quotes commas, quotes and line breaks', () => {
    expect(csvCell('Kampala, Uganda')).toBe('"Kampala, Uganda"');
    expect(csvCell('the "best" shop')).toBe('"the ""best"" shop"');
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"');
  });

  it('defuses text a spreadsheet would run as a formula but keeps negative numbers', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('+256772123456')).toBe("'+256772123456");
    expect(csvCell('-1500')).toBe('-1500');
    expect(csvCell(-1500)).toBe('-1500');
  });

  it('names files after the table and the day', () => {
    expect(csvFileName('users', new Date('2025-05-13T10:00:00Z'))).toBe('users-2025-05-13.csv');
  });

  it('saves the text as a UTF-8 file through a temporary link', async () => {
    const created: Blob[] = [];
    vi.stubGlobal('URL', {
      ...URL,
      createObjectURL: (blob: Blob) => {
        created.push(blob);
        return 'blob:csv';
      },
      revokeObjectURL: vi.fn(),
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    downloadCsv('users.csv', 'Name\r\nNakato\r\n');
    expect(click).toHaveBeenCalledTimes(1);
    expect(document.querySelector('a[download]')).toBeNull();
    const blob = created[0];
    expect(blob?.type).toBe('text/csv;charset=utf-8');
    const bytes = await readBytes(blob ?? new Blob());
    expect(Array.from(bytes.slice(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe('Name\r\nNakato\r\n');
  });
});
