import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { DrawingStyle } from '@golf/contract/api/clubs';
import {
  GUIDE_IMAGE_FIELD,
  type AppOrders,
  type CreateGuideBody,
  type Guide,
  type Org,
  type OrgsCoursesTeesResponse,
  type UpdateGuideBody,
} from '@golf/contract/api/guides';
import type { PinSetup } from '@golf/contract/api/pins';
import type { SponsorReport, SponsorSetup } from '@golf/contract/api/sponsors';
import { api, clubPath, type UploadProgress } from '../../../lib/api-client';

export const guideKeys = {
  all: (clubId: number) => ['clubs', clubId, 'guides'] as const,
  detail: (clubId: number, guideId: number) => ['clubs', clubId, 'guides', guideId] as const,
  appOrders: (clubId: number) => ['clubs', clubId, 'app-orders'] as const,
};

export function guidesQueryOptions(clubId: number) {
  return queryOptions({
    queryKey: guideKeys.all(clubId),
    queryFn: ({ signal }) => api.get<Guide[]>(clubPath('guides', clubId), { signal }),
  });
}

/** GET clubs/{clubId}/guides: the club's guides in their app order. */
export function useGuides(clubId: number) {
  return useQuery(guidesQueryOptions(clubId));
}

/** GET clubs/{clubId}/sponsor-setups: the setups a guide may show its sponsors from (roles promotion or products). */
export function useSponsorSetupChoices(clubId: number) {
  return useQuery({
    queryKey: ['clubs', clubId, 'sponsor-setups', 'choices'] as const,
    queryFn: ({ signal }) => api.get<SponsorSetup[]>(clubPath('sponsor-setups', clubId), { signal }),
  });
}

/** GET clubs/{clubId}/pin-setups: every pin setup of the club (a guide shows the pins of one on its courses). */
export function usePinSetupChoices(clubId: number) {
  return useQuery({
    queryKey: ['clubs', clubId, 'pin-setups', 'choices'] as const,
    queryFn: ({ signal }) => api.get<PinSetup[]>(clubPath('pin-setups', clubId), { signal }),
  });
}

/** GET clubs/{clubId}/guides/{id}/sponsor-report: the holes and products that show each sponsor of the guide's setup. */
export function useSponsorReport(clubId: number, guideId: number) {
  return useQuery({
    queryKey: [...guideKeys.detail(clubId, guideId), 'sponsor-report'] as const,
    queryFn: ({ signal }) => api.get<SponsorReport>(clubPath(`guides/${guideId}/sponsor-report`, clubId), { signal }),
  });
}

/** GET clubs/{clubId}/guides/{id}. */
export function useGuide(clubId: number, guideId: number) {
  return useQuery({
    queryKey: guideKeys.detail(clubId, guideId),
    queryFn: ({ signal }) => api.get<Guide>(clubPath(`guides/${guideId}`, clubId), { signal }),
  });
}

/** A changed guide: its answer becomes the cached one, and the list reloads. */
function useGuideChanged(clubId: number) {
  const queryClient = useQueryClient();
  return async (guide: Guide) => {
    queryClient.setQueryData(guideKeys.detail(clubId, guide.guide_id), guide);
    // The live preview draws from the saved guide: it is asked for again after every save.
    await queryClient.invalidateQueries({ queryKey: [...guideKeys.detail(clubId, guide.guide_id), 'print-input'] });
    await queryClient.invalidateQueries({ queryKey: guideKeys.all(clubId), exact: true });
    await queryClient.invalidateQueries({ queryKey: guideKeys.appOrders(clubId) });
  };
}

/** POST clubs/{clubId}/guides (§4: a save without guide_id creates the guide). */
export function useCreateGuide(clubId: number) {
  const changed = useGuideChanged(clubId);
  return useMutation({
    mutationFn: (body: CreateGuideBody) => api.post<Guide>(clubPath('guides', clubId), body),
    onSuccess: changed,
  });
}

/** PUT clubs/{clubId}/guides/{id}: the parts a page saves, with the version it edited. */
export function useUpdateGuide(clubId: number, guideId: number) {
  const changed = useGuideChanged(clubId);
  return useMutation({
    mutationFn: (body: UpdateGuideBody) => api.put<Guide>(clubPath(`guides/${guideId}`, clubId), body),
    onSuccess: changed,
  });
}

/** POST clubs/{clubId}/guides/{id}/copy with the new title. */
export function useCopyGuide(clubId: number) {
  const changed = useGuideChanged(clubId);
  return useMutation({
    mutationFn: ({ guideId, title }: { guideId: number; title: string }) => api.post<Guide>(clubPath(`guides/${guideId}/copy`, clubId), { guide_id: guideId, title }),
    onSuccess: changed,
  });
}

/** DELETE clubs/{clubId}/guides/{id}. */
export function useDeleteGuide(clubId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (guideId: number) => api.delete<null>(clubPath(`guides/${guideId}`, clubId)),
    onSuccess: async (_result, guideId) => {
      queryClient.removeQueries({ queryKey: guideKeys.detail(clubId, guideId) });
      await queryClient.invalidateQueries({ queryKey: guideKeys.all(clubId), exact: true });
      await queryClient.invalidateQueries({ queryKey: guideKeys.appOrders(clubId) });
    },
  });
}

/** Where each guide image is uploaded: the icon, the custom front page, or a hole's override. */
export type GuideImageTarget = { kind: 'icon' } | { kind: 'front_page_image' } | { kind: 'override'; holeId: number };

function imagePath(guideId: number, target: GuideImageTarget): string {
  return target.kind === 'override' ? `guides/${guideId}/overrides/${target.holeId}` : `guides/${guideId}/${target.kind}`;
}

/** POST the image (multipart field `data`) with progress; DELETE removes it. */
export function useGuideImage(clubId: number, guideId: number) {
  const changed = useGuideChanged(clubId);
  const upload = useMutation({
    mutationFn: ({ target, file, onProgress }: { target: GuideImageTarget; file: Blob; onProgress?: UploadProgress }) =>
      api.upload<Guide>(clubPath(imagePath(guideId, target), clubId), file, onProgress, { fieldName: GUIDE_IMAGE_FIELD }),
    onSuccess: changed,
  });
  const remove = useMutation({
    mutationFn: (target: GuideImageTarget) => api.delete<Guide>(clubPath(imagePath(guideId, target), clubId)),
    onSuccess: changed,
  });
  return { upload, remove };
}

/** POST clubs/{clubId}/guides/{id}/holes/{holeId}/distance_markers (§7: the array of distances). */
export function useSetDistanceMarkers(clubId: number, guideId: number) {
  const changed = useGuideChanged(clubId);
  return useMutation({
    mutationFn: ({ holeId, distances }: { holeId: number; distances: number[] }) =>
      api.post<Guide>(clubPath(`guides/${guideId}/holes/${holeId}/distance_markers`, clubId), distances),
    onSuccess: changed,
  });
}

/** GET clubs/{clubId}/app-orders. */
export function useAppOrders(clubId: number) {
  return useQuery({
    queryKey: guideKeys.appOrders(clubId),
    queryFn: ({ signal }) => api.get<AppOrders>(clubPath('app-orders', clubId), { signal }),
  });
}

/** PUT clubs/{clubId}/app-orders: the guides in their new order. */
export function useSaveAppOrders(clubId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (guideIds: number[]) => api.put<AppOrders>(clubPath('app-orders', clubId), { orders: guideIds.map((guide_id, i) => ({ guide_id, order: i + 1 })) }),
    onSuccess: async (orders) => {
      queryClient.setQueryData(guideKeys.appOrders(clubId), orders);
      await queryClient.invalidateQueries({ queryKey: guideKeys.all(clubId), exact: true });
    },
  });
}

/** GET drawing_styles: the graphical themes a guide may take. */
export function useDrawingStyles() {
  return useQuery({
    queryKey: ['reference', 'drawing_styles'] as const,
    queryFn: ({ signal }) => api.get<z.infer<typeof DrawingStyle>[]>('drawing_styles', { signal }),
    staleTime: Infinity,
  });
}

/** GET orgs and GET orgs-courses-tees: the rating organisations and their rated tees. */
export function useOrgRatings() {
  const orgs = useQuery({
    queryKey: ['reference', 'orgs'] as const,
    queryFn: ({ signal }) => api.get<Org[]>('orgs', { signal }),
    staleTime: Infinity,
  });
  const tees = useQuery({
    queryKey: ['reference', 'orgs-courses-tees'] as const,
    queryFn: ({ signal }) => api.get<OrgsCoursesTeesResponse>('orgs-courses-tees', { signal }),
    staleTime: Infinity,
  });
  return { orgs, tees };
}
