/** Photos above this are made smaller before they are sent: a phone camera's 4 MB costs minutes on 3G. */
const SHRINK_ABOVE_BYTES = 1_500_000;
const LONGEST_SIDE_PX = 2000;

/**
 * A large JPEG, PNG or WebP photo redrawn at most 2000 px on its longest side as JPEG (quality 0.85),
 * still sharp enough to read an ID card or a statement; anything else (a PDF, a small photo) as it is.
 */
export async function shrinkPhoto(file: File): Promise<{ blob: Blob; name: string }> {
  const isPhoto = /^image\/(jpeg|png|webp)$/.test(file.type);
  if (!isPhoto || file.size <= SHRINK_ABOVE_BYTES || typeof createImageBitmap !== 'function') {
    return { blob: file, name: file.name };
  }
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, LONGEST_SIDE_PX / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
    if (!blob || blob.size >= file.size) return { blob: file, name: file.name };
    return { blob, name: `${file.name.replace(/\.[^.]*$/, '')}.jpg` };
  } catch {
    // A photo the browser cannot draw is sent as it is; the server judges it.
    return { blob: file, name: file.name };
  }
}
