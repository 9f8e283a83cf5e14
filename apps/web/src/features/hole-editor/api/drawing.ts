import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { EDIT_DRAWING_STYLE, type Drawing, type DrawingResponse } from '@golf/contract/api/drawings';
import { api, clubPath } from '../../../lib/api-client';
import { courseKeys } from '../../../lib/courses/queries';

export function drawingQueryOptions(clubId: number, holeId: number) {
  return queryOptions({
    queryKey: courseKeys.drawing(clubId, holeId),
    queryFn: ({ signal }) => api.get<DrawingResponse>(clubPath(`holes/${holeId}/drawing/${EDIT_DRAWING_STYLE}`, clubId), { signal }),
    // The editor keeps its own copy while editing; a background refetch must not replace it.
    // Dropped from the cache once no screen shows it, so opening the editor again fetches what
    // a colleague may have saved meanwhile.
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** GET clubs/{clubId}/holes/{holeId}/drawing/1: the hole's drawing and its version. */
export function useDrawing(clubId: number, holeId: number) {
  return useQuery(drawingQueryOptions(clubId, holeId));
}

/**
 * POST clubs/{clubId}/holes/{holeId}/save_drawing with the version the edit started from, then
 * the drawing is fetched again (§4 hole drawing save) and the courses (has_drawing) refreshed.
 */
export function useSaveDrawing(clubId: number, holeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ drawing, version }: { drawing: Drawing; version: number }) => {
      await api.post<DrawingResponse>(clubPath(`holes/${holeId}/save_drawing`, clubId), { drawing, version });
      return queryClient.fetchQuery({ ...drawingQueryOptions(clubId, holeId), staleTime: 0 });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseKeys.courses(clubId) }),
  });
}
