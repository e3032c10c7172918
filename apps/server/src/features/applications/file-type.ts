/**
 * What a file really is, judged by its first bytes (never by its name or the browser's claim).
 * Only these four are accepted: each displays safely in a browser.
 */
export interface DetectedFileType {
  readonly contentType: 'application/pdf' | 'image/jpeg' | 'image/png' | 'image/webp';
  readonly extension: '.pdf' | '.jpg' | '.png' | '.webp';
}

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((value, i) => bytes[offset + i] === value);
}

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** How many first bytes detectFileType needs to see. */
export const FILE_TYPE_HEAD_BYTES = 12;

export function detectFileType(bytes: Uint8Array): DetectedFileType | null {
  if (startsWith(bytes, ascii('%PDF-'))) return { contentType: 'application/pdf', extension: '.pdf' };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { contentType: 'image/jpeg', extension: '.jpg' };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { contentType: 'image/png', extension: '.png' };
  }
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) {
    return { contentType: 'image/webp', extension: '.webp' };
  }
  return null;
}
