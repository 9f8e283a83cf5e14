import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Course } from '@golf/contract/api/courses';
import type { ImportPlan } from '@golf/contract/api/course-import';
import { api, clubPath } from '../../../lib/api-client';
import { courseKeys } from '../../../lib/courses/queries';

/** POST clubs/{clubId}/courses/import/preview (field `data`): the plan of an import, nothing saved. */
export function usePreviewImport(clubId: number) {
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: (percent: number) => void }) =>
      api.upload<ImportPlan>(clubPath('courses/import/preview', clubId), file, onProgress),
  });
}

/** POST clubs/{clubId}/courses/import?name= with the same file: creates the course; the courses are fetched again. */
export function useCreateImportedCourse(clubId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, name, onProgress }: { file: File; name: string; onProgress?: (percent: number) => void }) =>
      api.upload<Course>(clubPath(`courses/import?name=${encodeURIComponent(name.trim())}`, clubId), file, onProgress),
    onSuccess: () => queryClient.refetchQueries({ queryKey: courseKeys.courses(clubId) }),
  });
}

/** Accepted import files: GeoJSON or an OpenStreetMap XML export. */
export const IMPORT_EXTENSIONS = ['.geojson', '.json', '.osm'] as const;

/** Whether a file name has one of the accepted extensions. */
export function isImportFile(name: string): boolean {
  const lower = name.toLowerCase();
  return IMPORT_EXTENSIONS.some((ext) => lower.endsWith(ext));
}

/** The column counts of the holes table: greens, tees, fairways, bunkers, water, then everything else. */
export const COUNT_COLUMNS = ['green', 'tee', 'fairway', 'bunker', 'water'] as const;

/** Features of a hole's counts outside COUNT_COLUMNS. */
export function otherCount(counts: Record<string, number>): number {
  return Object.entries(counts)
    .filter(([k]) => !(COUNT_COLUMNS as readonly string[]).includes(k))
    .reduce((s, [, n]) => s + n, 0);
}
