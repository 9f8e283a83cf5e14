/** The text key of a job kind's name: 'uploads.sweep' → 'jobs.kinds.uploads_sweep' (a kind without one shows as it is). */
export function jobKindLabelKey(kind: string): string {
  return `jobs.kinds.${kind.replace(/\./g, '_')}`;
}
