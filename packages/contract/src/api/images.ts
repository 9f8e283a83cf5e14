/**
 * Limits of image uploads (club logo, gallery), shared by the server (enforcement) and the web
 * app (the file picker's accept list and an early size check).
 */
export const IMAGE_UPLOAD = {
  /** Largest accepted file: 20 MB. */
  maxBytes: 20 * 1024 * 1024,
  /** Largest accepted image: 40 megapixels (e.g. 8000 × 5000). */
  maxPixels: 40_000_000,
  /** The formats accepted, judged by the file's bytes. */
  formats: ['jpeg', 'png', 'webp', 'gif'] as const,
  /** Declared types and name endings that may come with an image. */
  mimeTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const,
  extensions: ['jpg', 'jpeg', 'jpe', 'jfif', 'png', 'webp', 'gif'] as const,
} as const;

/** The `accept` attribute of an image file input. */
export const IMAGE_ACCEPT = [...IMAGE_UPLOAD.mimeTypes, ...IMAGE_UPLOAD.extensions.map((e) => `.${e}`)].join(',');

/** Stored sizes: the image's longest side, and its thumbnail's. */
export const IMAGE_SIZES = { gallery: 2560, thumbnail: 400, logo: 1024 } as const;
