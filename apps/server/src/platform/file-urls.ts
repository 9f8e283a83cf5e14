/** The URL of a public file (served by modules/files), with its version for cache busting. */
export function publicFileUrl(key: string | null, version: Date | string | number): string | null {
  if (!key) return null;
  const v = version instanceof Date ? version.getTime() : version;
  return `/files/${key}?v=${encodeURIComponent(String(v))}`;
}
