/** `users-2025-05-13.csv` */
export function csvFileName(name: string, today: Date = new Date()): string {
  return `${name}-${today.toISOString().slice(0, 10)}.csv`;
}

/** Saves CSV text as a file; the byte-order mark lets spreadsheet programs read UTF-8 names. */
export function downloadCsv(fileName: string, csv: string): void {
  saveFile(fileName, new Blob([`\uFEFF${csv}`], { type: 'text/csv;charset=utf-8' }));
}

/** Saves a blob (a CSV the server streamed, its byte-order mark included) as a download. */
export function saveFile(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
