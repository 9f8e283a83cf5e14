import { IMAGE_UPLOAD } from '@golf/contract/api/images';

export type ImageFileProblem = 'tooLarge' | 'notImage';

/**
 * Why a picked file is plainly not an acceptable image (too large, or named or typed as
 * something else), before it is sent; null when it may be sent. The server judges the bytes.
 */
export function imageFileProblem(file: { name: string; size: number; type: string }): ImageFileProblem | null {
  if (file.size > IMAGE_UPLOAD.maxBytes) return 'tooLarge';
  const ext = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase();
  const typeOk = !file.type || (IMAGE_UPLOAD.mimeTypes as readonly string[]).includes(file.type);
  const extOk = !ext || (IMAGE_UPLOAD.extensions as readonly string[]).includes(ext);
  return typeOk && extOk ? null : 'notImage';
}

/** A file size for people: "38 kB", "5.5 MB", in the interface language. */
export function formatFileSize(bytes: number, language: string): string {
  const mb = bytes / (1024 * 1024);
  const [value, unit] = mb >= 0.1 ? [mb, 'megabyte'] : [Math.max(bytes / 1024, 0.1), 'kilobyte'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, maximumFractionDigits: 1 }).format(value);
}
