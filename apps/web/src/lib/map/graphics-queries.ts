import { useQuery } from '@tanstack/react-query';
import type { Context, ElementForEdit } from '@golf/contract/api/graphics';
import { api } from '../api-client';

interface ClubContexts {
  drawingStyleId: number;
  themeName: string;
  contexts: Context[];
}

/** Query keys of the graphics catalogue as the map screens use it. */
export const graphicsKeys = {
  elementsForEdit: (clubId: number) => ['graphics', 'elements-for-edit', clubId] as const,
  clubContexts: (clubId: number) => ['graphics', 'contexts', clubId] as const,
};

/** GET graphics/elements-for-edit?club_id=: elements with layer order and the club theme's style. */
export function useElementsForEdit(clubId: number) {
  return useQuery({
    queryKey: graphicsKeys.elementsForEdit(clubId),
    queryFn: ({ signal }) => api.get<ElementForEdit[]>(`graphics/elements-for-edit?club_id=${clubId}`, { signal }),
    staleTime: 10 * 60_000,
  });
}

/** GET graphics/contexts/{clubId}: which elements each editor screen offers. */
export function useClubContexts(clubId: number) {
  return useQuery({
    queryKey: graphicsKeys.clubContexts(clubId),
    queryFn: ({ signal }) => api.get<ClubContexts>(`graphics/contexts/${clubId}`, { signal }),
    staleTime: 10 * 60_000,
  });
}
