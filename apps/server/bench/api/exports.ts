/**
 * The back-office's "Export all" downloads, timed whole: a streamed CSV is not a page to hammer with
 * 32 connections but a file an admin waits for. Each export is downloaded alone, then by four admins
 * at once (month-end, when everyone wants the month), and reported by its first byte (what the
 * admin sees start), its whole time, its rows a second, and the server's memory before and after.
 */
import { fmt } from '../support.ts';

/**
 * What an admin waits for, with four at once (docs/scale.md, "The exports downloaded whole"): the
 * download starts within a second, and a month of the busiest table is whole within a minute.
 */
export const EXPORT_GOALS = { firstByteMs: 1_000, seconds: 60 } as const;

/** An export as the back-office asks for it. */
export interface ExportDownload {
  readonly name: string;
  readonly url: string;
}

export interface DownloadResult {
  readonly status: number;
  /** From the request to the first byte of the body. */
  readonly firstByteMs: number;
  readonly seconds: number;
  readonly bytes: number;
  /** Data rows: lines less the header. */
  readonly rows: number;
}

/** The six exports, for `month` (Kampala dates, both included) where they take a range. */
export function exportDownloads(month: { readonly from: string; readonly to: string }): ExportDownload[] {
  const range = `from=${month.from}&to=${month.to}`;
  return [
    { name: 'export: transactions, a month', url: `/api/wallet/admin/all-transactions/export/?${range}` },
    { name: 'export: applications, a month', url: `/api/loans/applications/export/?${range}` },
    { name: 'export: loans opened in a month', url: `/api/loans/loans/export/?${range}` },
    { name: 'export: repayments, a month', url: `/api/loans/transactions/export/?${range}` },
    { name: 'export: collections, all in arrears', url: '/api/loans/overdue-payments/export/' },
    { name: 'export: audit log, all', url: '/api/audit/export/' },
  ];
}

const NEWLINE = 0x0a;

/** Downloads a whole file, counting its lines as they stream in (nothing is kept). */
export async function download(url: string, headers: Record<string, string>): Promise<DownloadResult> {
  const started = performance.now();
  const answer = await fetch(url, { headers });
  let firstByte: number | undefined;
  let bytes = 0;
  let lines = 0;
  if (answer.body) {
    for await (const chunk of answer.body) {
      firstByte ??= performance.now();
      bytes += chunk.length;
      for (let i = chunk.indexOf(NEWLINE); i !== -1; i = chunk.indexOf(NEWLINE, i + 1)) lines++;
    }
  }
  const ended = performance.now();
  return {
    status: answer.status,
    firstByteMs: (firstByte ?? ended) - started,
    seconds: (ended - started) / 1000,
    bytes,
    rows: Math.max(0, lines - 1),
  };
}

export interface ExportMeasure {
  readonly download: ExportDownload;
  readonly alone: DownloadResult;
  /** The same file by `together.length` admins at once. */
  readonly together: readonly DownloadResult[];
}

export async function measureExport(
  target: ExportDownload,
  baseUrl: string,
  headers: Record<string, string>,
  atOnce: number,
): Promise<ExportMeasure> {
  const url = `${baseUrl}${target.url}`;
  const alone = await download(url, headers);
  const together = await Promise.all(Array.from({ length: atOnce }, () => download(url, headers)));
  return { download: target, alone, together };
}

/** The exports' Markdown table. */
export function exportTable(measures: readonly ExportMeasure[], atOnce: number): string[] {
  const lines = [
    `| export | rows | MB | alone: first byte ms | alone: s | alone: rows/s | ${atOnce} at once: slowest first byte ms | slowest s | rows/s, all ${atOnce} | non-2xx | goal |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|:-:|',
  ];
  for (const { download: target, alone, together } of measures) {
    const slowest = Math.max(...together.map((r) => r.seconds));
    const firstByte = Math.max(...together.map((r) => r.firstByteMs));
    const rows = together.reduce((s, r) => s + r.rows, 0);
    const failed = [alone, ...together].filter((r) => r.status !== 200).length;
    const ok = failed === 0 && firstByte < EXPORT_GOALS.firstByteMs && slowest < EXPORT_GOALS.seconds;
    lines.push(
      `| ${target.name.replace(/^export: /, '')} | ${fmt(alone.rows)} | ${fmt(alone.bytes / 1e6, 1)} | ${fmt(alone.firstByteMs)} | ${fmt(alone.seconds, 2)} | ${fmt(alone.rows / alone.seconds)} | ${fmt(firstByte)} | ${fmt(slowest, 2)} | ${fmt(rows / slowest)} | ${failed} | ${ok ? '✓' : '✗'} |`,
    );
  }
  return lines;
}
