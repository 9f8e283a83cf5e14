import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  HoleText,
  Tracking,
  TrackingChangesBody,
  TrackingComment,
  TrackingCommentImage,
  TrackingDescription,
  TrackingDescriptionBody,
  TrackingGroup,
  TrackingGroupBody,
  TrackingGroupCourse,
} from '@golf/contract/api/greenkeeper';
import { api, clubPath, type UploadProgress } from '../../../../lib/api-client';

/** The multipart field of a comment image upload (one image per call). */
export const COMMENT_IMAGE_FIELD = 'file';

/**
 * Query keys of the tech map. Everything sits under `all(clubId)`; a change of a group's elements
 * reloads the groups (counts), the trackings (their groups) and the group course filter.
 */
export const techMapKeys = {
  all: (clubId: number) => ['clubs', clubId, 'tracking-groups'] as const,
  groups: (clubId: number) => ['clubs', clubId, 'tracking-groups', 'list'] as const,
  courses: (clubId: number) => ['clubs', clubId, 'tracking-groups', 'courses'] as const,
  trackings: (clubId: number, courseId: number) => ['clubs', clubId, 'tracking-groups', 'trackings', courseId] as const,
  comments: (clubId: number, groupId: number) => ['clubs', clubId, 'tracking-groups', 'comments', groupId] as const,
  descriptions: (clubId: number) => ['clubs', clubId, 'tracking-groups', 'descriptions'] as const,
  holeTexts: (clubId: number, holeId: number) => ['clubs', clubId, 'tracking-groups', 'hole-texts', holeId] as const,
};

const groupPath = (groupId: number, rest = '') => `tracking-groups/${groupId}${rest ? `/${rest}` : ''}`;

/** GET tracking-groups: the club's groups, by name. */
export function useTrackingGroups(clubId: number) {
  return useQuery({
    queryKey: techMapKeys.groups(clubId),
    queryFn: ({ signal }) => api.get<TrackingGroup[]>(clubPath('tracking-groups', clubId), { signal }),
  });
}

/** GET tracking-groups/courses: each group's courses with at least 2 of its elements on them (§3, §9). */
export function useTrackingGroupCourses(clubId: number) {
  return useQuery({
    queryKey: techMapKeys.courses(clubId),
    queryFn: ({ signal }) => api.get<TrackingGroupCourse[]>(clubPath('tracking-groups/courses', clubId), { signal }),
  });
}

/** GET tracking-groups/trackings?courseId=: every drawn element of the course with its groups. */
export function useTrackings(clubId: number, courseId: number | null) {
  return useQuery({
    enabled: courseId !== null,
    queryKey: techMapKeys.trackings(clubId, courseId ?? 0),
    queryFn: ({ signal }) => api.get<Tracking[]>(clubPath(`tracking-groups/trackings?courseId=${courseId}`, clubId), { signal }),
  });
}

/** GET tracking-groups/descriptions: every description of the club's groups (the description filter reads them all). */
export function useDescriptions(clubId: number) {
  return useQuery({
    queryKey: techMapKeys.descriptions(clubId),
    queryFn: ({ signal }) => api.get<TrackingDescription[]>(clubPath('tracking-groups/descriptions', clubId), { signal }),
  });
}

/** GET tracking-groups/comments?trackingGroupId=: the group's log book, newest first. */
export function useComments(clubId: number, groupId: number) {
  return useQuery({
    queryKey: techMapKeys.comments(clubId, groupId),
    queryFn: ({ signal }) => api.get<TrackingComment[]>(clubPath(`tracking-groups/comments?trackingGroupId=${groupId}`, clubId), { signal }),
  });
}

/** GET holes/{holeId}/texts for every hole given, as one result. */
export function useHoleTexts(clubId: number, holeIds: readonly number[]) {
  return useQueries({
    queries: holeIds.map((holeId) => ({
      queryKey: techMapKeys.holeTexts(clubId, holeId),
      queryFn: ({ signal }: { signal: AbortSignal }) => api.get<HoleText[]>(clubPath(`holes/${holeId}/texts`, clubId), { signal }),
    })),
    combine: (results) => ({
      pending: results.some((r) => r.isPending),
      error: results.find((r) => r.isError)?.error ?? null,
      byHole: new Map(holeIds.map((id, i) => [id, results[i]?.data ?? []])),
      retry: () => results.forEach((r) => r.isError && void r.refetch()),
    }),
  });
}

/** What a change of groups reloads: the list, the course filter, the trackings and descriptions. */
function useGroupsChanged(clubId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: techMapKeys.all(clubId) });
}

/** POST tracking-groups. */
export function useCreateGroup(clubId: number) {
  const changed = useGroupsChanged(clubId);
  return useMutation({
    mutationFn: (body: TrackingGroupBody) => api.post<TrackingGroup>(clubPath('tracking-groups', clubId), body),
    onSuccess: () => changed(),
  });
}

/** PUT tracking-groups/{id}: name and colour. */
export function useUpdateGroup(clubId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TrackingGroupBody }) => api.put<TrackingGroup>(clubPath(groupPath(id), clubId), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: techMapKeys.groups(clubId) }),
  });
}

/** DELETE tracking-groups/{id}: with its comments, images, descriptions and hole texts. */
export function useDeleteGroup(clubId: number) {
  const changed = useGroupsChanged(clubId);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(clubPath(groupPath(id), clubId)),
    onSuccess: (_r, id) => {
      queryClient.setQueryData<TrackingGroup[]>(techMapKeys.groups(clubId), (list) => list?.filter((g) => g.id !== id));
      return changed();
    },
  });
}

/**
 * PUT tracking-groups/{id}/trackings: add and remove elements. The course's elements are updated
 * in place (their groups), so the map keeps its view; the groups' counts and the course filter load again.
 */
export function useChangeTrackings(clubId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, body }: { groupId: number; courseId: number; body: TrackingChangesBody }) =>
      api.put<TrackingGroup>(clubPath(groupPath(groupId, 'trackings'), clubId), body),
    onSuccess: (_group, { groupId, courseId, body }) => {
      const key = (r: { holeId: number; featureId: string }) => `${r.holeId}:${r.featureId}`;
      const added = new Set(body.add.map(key));
      const removed = new Set(body.remove.map(key));
      queryClient.setQueryData<Tracking[]>(techMapKeys.trackings(clubId, courseId), (list) =>
        list?.map((t) => {
          const k = key(t);
          if (added.has(k) && !t.trackingGroupIds.includes(groupId)) return { ...t, trackingGroupIds: [...t.trackingGroupIds, groupId] };
          if (removed.has(k) && t.trackingGroupIds.includes(groupId)) return { ...t, trackingGroupIds: t.trackingGroupIds.filter((g) => g !== groupId) };
          return t;
        }),
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: techMapKeys.groups(clubId) }),
        queryClient.invalidateQueries({ queryKey: techMapKeys.courses(clubId) }),
      ]);
    },
    onError: () => queryClient.invalidateQueries({ queryKey: ['clubs', clubId, 'tracking-groups', 'trackings'] }),
  });
}

/** POST tracking-groups/comments (§4: the comment first, its images after). */
export function useCreateComment(clubId: number) {
  return useMutation({
    mutationFn: ({ groupId, text }: { groupId: number; text: string }) => api.post<TrackingComment>(clubPath('tracking-groups/comments', clubId), { trackingGroupId: groupId, text }),
  });
}

/** PUT tracking-groups/comments/{id}. */
export function useUpdateComment(clubId: number) {
  return useMutation({
    mutationFn: ({ id, text }: { id: number; text: string }) => api.put<TrackingComment>(clubPath(`tracking-groups/comments/${id}`, clubId), { text }),
  });
}

/** POST tracking-groups/comments/{id}/images: one image, with progress. */
export function uploadCommentImage(clubId: number, commentId: number, file: Blob, onProgress?: UploadProgress) {
  return api.upload<TrackingCommentImage>(clubPath(`tracking-groups/comments/${commentId}/images`, clubId), file, onProgress, { fieldName: COMMENT_IMAGE_FIELD });
}

/** The log book and the group's comment count load again (§4: once the comment and its images are done). */
export function useReloadComments(clubId: number) {
  const queryClient = useQueryClient();
  return (groupId: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: techMapKeys.comments(clubId, groupId) }),
      queryClient.invalidateQueries({ queryKey: techMapKeys.groups(clubId) }),
    ]);
}

/** DELETE tracking-groups/comments/{id}. */
export function useDeleteComment(clubId: number) {
  const reload = useReloadComments(clubId);
  return useMutation({
    mutationFn: ({ id }: { id: number; groupId: number }) => api.delete<null>(clubPath(`tracking-groups/comments/${id}`, clubId)),
    onSettled: (_r, _e, { groupId }) => reload(groupId),
  });
}

/** DELETE tracking-groups/comments/{id}/images/{imageId}. */
export function useDeleteCommentImage(clubId: number) {
  const reload = useReloadComments(clubId);
  return useMutation({
    mutationFn: ({ commentId, imageId }: { commentId: number; imageId: number; groupId: number }) =>
      api.delete<null>(clubPath(`tracking-groups/comments/${commentId}/images/${imageId}`, clubId)),
    onSettled: (_r, _e, { groupId }) => reload(groupId),
  });
}

/** POST / PUT tracking-groups/{groupId}/descriptions[/{id}]. */
export function useSaveDescription(clubId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, id, body }: { groupId: number; id: number | null; body: TrackingDescriptionBody }) =>
      id === null
        ? api.post<TrackingDescription>(clubPath(groupPath(groupId, 'descriptions'), clubId), body)
        : api.put<TrackingDescription>(clubPath(groupPath(groupId, `descriptions/${id}`), clubId), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: techMapKeys.descriptions(clubId) }),
  });
}

/** DELETE tracking-groups/{groupId}/descriptions/{id}. */
export function useDeleteDescription(clubId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, id }: { groupId: number; id: number }) => api.delete<null>(clubPath(groupPath(groupId, `descriptions/${id}`), clubId)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: techMapKeys.descriptions(clubId) }),
  });
}

/** PUT holes/{holeId}/texts/{groupId} (an empty text removes it). */
export function useSaveHoleText(clubId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ holeId, groupId, groupText }: { holeId: number; groupId: number; groupText: string }) =>
      api.put<HoleText | null>(clubPath(`holes/${holeId}/texts/${groupId}`, clubId), { groupText }),
    onSuccess: (_r, { holeId }) => queryClient.invalidateQueries({ queryKey: techMapKeys.holeTexts(clubId, holeId) }),
  });
}
