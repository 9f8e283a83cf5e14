import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Club, DrawingStyle, UpdateClubBody } from '@golf/contract/api/clubs';
import type { AdminCandidate, ClubMappingStatus, ClubsStatusResponse, FormerHandle, HandleCheck } from '@golf/contract/api/management';
import { api, clubPath } from '../../../lib/api-client';
import { clubKeys } from '../../../lib/current-club';

/** Query keys of the management screens (issue 27). */
export const managementKeys = {
  all: ['management'] as const,
  handleCheck: (clubId: number, handle: string) => [...managementKeys.all, 'handle-check', clubId, handle] as const,
  formerHandles: (clubId: number) => [...managementKeys.all, 'former-handles', clubId] as const,
  adminCandidates: (clubId: number) => [...managementKeys.all, 'admin-candidates', clubId] as const,
  mappingStatus: (clubId: number, courseId: number | null) => [...managementKeys.all, 'mapping-status', clubId, courseId ?? 'all'] as const,
  clubsStatus: () => [...managementKeys.all, 'clubs-status'] as const,
};

/** GET clubs/{clubId}/handle-check?handle=: may this club take the handle (asked as it is typed, once the typing pauses). */
export function useHandleCheck(clubId: number, handle: string, enabled: boolean) {
  return useQuery({
    queryKey: managementKeys.handleCheck(clubId, handle),
    queryFn: ({ signal }) => api.get<HandleCheck>(clubPath(`handle-check?handle=${encodeURIComponent(handle)}`, clubId), { signal }),
    enabled: enabled && handle.length > 0,
    staleTime: 10_000,
    placeholderData: keepPreviousData,
  });
}

/** GET clubs/{clubId}/former-handles: earlier handles, newest first (their URLs still lead to the club). */
export function useFormerHandles(clubId: number) {
  return useQuery({
    queryKey: managementKeys.formerHandles(clubId),
    queryFn: ({ signal }) => api.get<FormerHandle[]>(clubPath('former-handles', clubId), { signal }),
  });
}

/** GET clubs/{clubId}/admin-candidates: who may be the club's admin. */
export function useAdminCandidates(clubId: number) {
  return useQuery({
    queryKey: managementKeys.adminCandidates(clubId),
    queryFn: ({ signal }) => api.get<AdminCandidate[]>(clubPath('admin-candidates', clubId), { signal }),
    staleTime: 60_000,
  });
}

/** GET drawing_styles: the themes a club may draw with (shared key with the other screens that list them). */
export function useDrawingStyles() {
  return useQuery({
    queryKey: ['reference', 'drawing_styles'] as const,
    queryFn: ({ signal }) => api.get<z.infer<typeof DrawingStyle>[]>('drawing_styles', { signal }),
    staleTime: 10 * 60_000,
  });
}

/** PUT clubs/{id} with the management fields: the answer replaces the cached club; lists and former handles reload. */
export function useUpdateClubManagement(clubId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateClubBody) => api.put<Club>(`clubs/${clubId}`, body),
    onSuccess: (club) => {
      queryClient.setQueryData(clubKeys.detail(clubId), club);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: clubKeys.list() }),
        queryClient.invalidateQueries({ queryKey: managementKeys.formerHandles(clubId) }),
        queryClient.invalidateQueries({ queryKey: [...managementKeys.all, 'handle-check', clubId] }),
        queryClient.invalidateQueries({ queryKey: managementKeys.clubsStatus() }),
      ]);
    },
  });
}

/** GET clubs/{clubId}/mapping-status[?course_id=]: per course and hole, the status checks and the catalogue's rules. */
export function useMappingStatus(clubId: number, courseId: number | null = null) {
  return useQuery({
    queryKey: managementKeys.mappingStatus(clubId, courseId),
    queryFn: ({ signal }) => api.get<ClubMappingStatus>(clubPath(courseId === null ? 'mapping-status' : `mapping-status?course_id=${courseId}`, clubId), { signal }),
  });
}

/** GET management/clubs-status: every club the user manages (an admin: all), with its counts. */
export function useClubsStatus(enabled = true) {
  return useQuery({
    queryKey: managementKeys.clubsStatus(),
    queryFn: ({ signal }) => api.get<ClubsStatusResponse>('management/clubs-status', { signal }),
    enabled,
  });
}
