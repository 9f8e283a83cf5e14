import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  GamesInsights,
  HeatmapCourse,
  HeatmapRequest,
  HeatmapResponse,
  InsightInterval,
  InsightSettings,
  SavedHeatmapFilter,
  SaveHeatmapFilterBody,
} from '@golf/contract/api/insights';
import { api, clubPath } from '../../../lib/api-client';

export const insightKeys = {
  all: (clubId: number) => ['clubs', clubId, 'insights'] as const,
  games: (clubId: number, query: GamesParams) => ['clubs', clubId, 'insights', 'games', query] as const,
  settings: (clubId: number) => ['clubs', clubId, 'insights', 'settings'] as const,
  courses: (clubId: number) => ['clubs', clubId, 'insights', 'heatmap-courses'] as const,
  heatmap: (clubId: number, request: HeatmapRequest | null) => ['clubs', clubId, 'insights', 'heatmap', request] as const,
  filters: (clubId: number) => ['clubs', clubId, 'insights', 'heatmap-filters'] as const,
};

/** What the games screen asks for: a date range, week or month, and guides (none: every guide). */
export interface GamesParams {
  from: string;
  to: string;
  interval: InsightInterval;
  guideIds: number[];
}

/** The query string of GET insights/games. */
export function gamesSearch({ from, to, interval, guideIds }: GamesParams): string {
  const search = new URLSearchParams({ from, to, interval });
  if (guideIds.length > 0) search.set('guide_ids', [...guideIds].sort((a, b) => a - b).join(','));
  return search.toString();
}

export function gamesQueryOptions(clubId: number, params: GamesParams) {
  return queryOptions({
    queryKey: insightKeys.games(clubId, params),
    queryFn: ({ signal }) => api.get<GamesInsights>(clubPath(`insights/games?${gamesSearch(params)}`, clubId), { signal }),
  });
}

/** GET clubs/{clubId}/insights/games: games, strokes, round time, pace and downloads of the range. The last answer stays while another range loads. */
export function useGamesInsights(clubId: number, params: GamesParams, enabled = true) {
  return useQuery({ ...gamesQueryOptions(clubId, params), enabled, placeholderData: keepPreviousData });
}

/** GET clubs/{clubId}/insights/settings: the club's goal round time. */
export function useInsightSettings(clubId: number) {
  return useQuery({
    queryKey: insightKeys.settings(clubId),
    queryFn: ({ signal }) => api.get<InsightSettings>(clubPath('insights/settings', clubId), { signal }),
  });
}

/** PUT clubs/{clubId}/insights/settings; the games answers (which hold the goal) load again. */
export function useSaveInsightSettings(clubId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InsightSettings) => api.put<InsightSettings>(clubPath('insights/settings', clubId), body),
    onSuccess: async (saved) => {
      queryClient.setQueryData(insightKeys.settings(clubId), saved);
      await queryClient.invalidateQueries({ queryKey: [...insightKeys.all(clubId), 'games'] });
    },
  });
}

/** GET clubs/{clubId}/insights/heatmap-courses: the courses that have rounds, with their extent. */
export function useHeatmapCourses(clubId: number) {
  return useQuery({
    queryKey: insightKeys.courses(clubId),
    queryFn: ({ signal }) => api.get<HeatmapCourse[]>(clubPath('insights/heatmap-courses', clubId), { signal }),
  });
}

/** POST clubs/{clubId}/insights/heatmap: the binned cells of a filter (and its comparison); the last map stays while the next one bins. */
export function useHeatmap(clubId: number, request: HeatmapRequest | null) {
  return useQuery({
    queryKey: insightKeys.heatmap(clubId, request),
    queryFn: ({ signal }) => api.post<HeatmapResponse>(clubPath('insights/heatmap', clubId), request, { signal }),
    enabled: request !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** GET clubs/{clubId}/insights/heatmap-filters: the signed-in user's saved filters in this club. */
export function useSavedFilters(clubId: number) {
  return useQuery({
    queryKey: insightKeys.filters(clubId),
    queryFn: ({ signal }) => api.get<SavedHeatmapFilter[]>(clubPath('insights/heatmap-filters', clubId), { signal }),
    select: (list) => [...list].sort((a, b) => a.name.localeCompare(b.name)),
  });
}

function useFiltersChanged(clubId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: insightKeys.filters(clubId) });
}

/** POST clubs/{clubId}/insights/heatmap-filters: saves the filter under a new name. */
export function useCreateSavedFilter(clubId: number) {
  const changed = useFiltersChanged(clubId);
  return useMutation({
    mutationFn: (body: SaveHeatmapFilterBody) => api.post<SavedHeatmapFilter>(clubPath('insights/heatmap-filters', clubId), body),
    onSuccess: changed,
  });
}

/** PUT clubs/{clubId}/insights/heatmap-filters/{id}: a new name or filter for a saved one. */
export function useUpdateSavedFilter(clubId: number) {
  const changed = useFiltersChanged(clubId);
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: SaveHeatmapFilterBody }) => api.put<SavedHeatmapFilter>(clubPath(`insights/heatmap-filters/${id}`, clubId), body),
    onSuccess: changed,
  });
}

/** DELETE clubs/{clubId}/insights/heatmap-filters/{id}. */
export function useDeleteSavedFilter(clubId: number) {
  const changed = useFiltersChanged(clubId);
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(clubPath(`insights/heatmap-filters/${id}`, clubId)),
    onSuccess: changed,
  });
}
