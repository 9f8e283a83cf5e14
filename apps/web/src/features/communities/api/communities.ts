import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CommentBody,
  CommentEditBody,
  Community,
  CommunityBody,
  CommunityComment,
  CommunityImage,
  CommunityPost,
  CommunitySummary,
  ManagerCandidate,
  PostAction,
  PostBody,
  PostsPage,
} from '@golf/contract/api/communities';
import { api, clubPath, type UploadProgress } from '../../../lib/api-client';
import { nextBefore, postsSearch, sortCommunities } from '../utils/communities';

/** The multipart field of every communities image upload (one image per call). */
export const COMMUNITY_IMAGE_FIELD = 'data';

export type PostsState = 'all' | 'hidden';

/**
 * The query keys of the area. Everything of one community sits under `community(clubId, id)`, so
 * invalidating it reloads the community, its posts and comments (and the members and log of
 * features/communities/api/members.ts, which keys under it too).
 */
export const communityKeys = {
  all: (clubId: number) => ['clubs', clubId, 'communities'] as const,
  list: (clubId: number) => ['clubs', clubId, 'communities', 'list'] as const,
  candidates: (clubId: number) => ['clubs', clubId, 'communities', 'manager-candidates'] as const,
  community: (clubId: number, communityId: number) => ['clubs', clubId, 'communities', communityId] as const,
  detail: (clubId: number, communityId: number) => ['clubs', clubId, 'communities', communityId, 'detail'] as const,
  posts: (clubId: number, communityId: number) => ['clubs', clubId, 'communities', communityId, 'posts'] as const,
  postsIn: (clubId: number, communityId: number, state: PostsState) => ['clubs', clubId, 'communities', communityId, 'posts', state] as const,
  comments: (clubId: number, communityId: number, postId: number) => ['clubs', clubId, 'communities', communityId, 'comments', postId] as const,
};

const communityPath = (communityId: number, rest = '') => `communities/${communityId}${rest ? `/${rest}` : ''}`;

/** GET clubs/{clubId}/communities: the ones the user manages (all of them for the club's community managers), by name. */
export function useCommunities(clubId: number) {
  return useQuery({
    queryKey: communityKeys.list(clubId),
    queryFn: ({ signal }) => api.get<CommunitySummary[]>(clubPath('communities', clubId), { signal }),
    select: sortCommunities,
  });
}

/** GET clubs/{clubId}/communities/{id}: one community with whether the user administers it. */
export function useCommunity(clubId: number, communityId: number) {
  return useQuery({
    queryKey: communityKeys.detail(clubId, communityId),
    queryFn: ({ signal }) => api.get<Community>(clubPath(communityPath(communityId), clubId), { signal }),
    retry: (count, error) => (error as { status?: number }).status !== 404 && count < 2,
  });
}

/** GET clubs/{clubId}/communities/manager-candidates: the club's users who hold the communities role (management). */
export function useManagerCandidates(clubId: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: communityKeys.candidates(clubId),
    queryFn: ({ signal }) => api.get<ManagerCandidate[]>(clubPath('communities/manager-candidates', clubId), { signal }),
    select: (list) => [...list].sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.user_id - b.user_id),
  });
}

/** The list and the one community load again after a change of it. */
function useCommunitiesChanged(clubId: number) {
  const queryClient = useQueryClient();
  return (communityId?: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: communityKeys.list(clubId) }),
      communityId !== undefined ? queryClient.invalidateQueries({ queryKey: communityKeys.detail(clubId, communityId) }) : undefined,
    ]);
}

/** POST clubs/{clubId}/communities (§4: the community first; its image is uploaded after). */
export function useCreateCommunity(clubId: number) {
  const changed = useCommunitiesChanged(clubId);
  return useMutation({
    mutationFn: (body: CommunityBody) => api.post<Community>(clubPath('communities', clubId), body),
    onSuccess: (made) => changed(made.id),
  });
}

/** PUT clubs/{clubId}/communities/{id}: name, description, hidden, and (management) its managers. */
export function useUpdateCommunity(clubId: number) {
  const changed = useCommunitiesChanged(clubId);
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: CommunityBody }) => api.put<Community>(clubPath(communityPath(id), clubId), body),
    onSuccess: (saved) => changed(saved.id),
  });
}

/** DELETE clubs/{clubId}/communities/{id}: with its posts, comments, images and members. */
export function useDeleteCommunity(clubId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(clubPath(communityPath(id), clubId)),
    onSuccess: async (_r, id) => {
      queryClient.setQueryData<CommunitySummary[]>(communityKeys.list(clubId), (list) => list?.filter((c) => c.id !== id));
      queryClient.removeQueries({ queryKey: communityKeys.community(clubId, id) });
      await queryClient.invalidateQueries({ queryKey: communityKeys.list(clubId) });
    },
  });
}

/** POST clubs/{clubId}/communities/{id}/image (multipart, one image) with progress. */
export function useUploadCommunityImage(clubId: number) {
  const changed = useCommunitiesChanged(clubId);
  return useMutation({
    mutationFn: ({ id, file, onProgress }: { id: number; file: Blob; onProgress?: UploadProgress }) =>
      api.upload<Community>(clubPath(communityPath(id, 'image'), clubId), file, onProgress, { fieldName: COMMUNITY_IMAGE_FIELD }),
    onSettled: (_r, _e, { id }) => changed(id),
  });
}

/** DELETE clubs/{clubId}/communities/{id}/image. */
export function useRemoveCommunityImage(clubId: number) {
  const changed = useCommunitiesChanged(clubId);
  return useMutation({
    mutationFn: (id: number) => api.delete<Community>(clubPath(communityPath(id, 'image'), clubId)),
    onSettled: (_r, _e, id) => changed(id),
  });
}

/**
 * GET clubs/{clubId}/communities/{id}/posts?state=&before=: pinned first, then newest, a page at a
 * time ('Load more' asks for the posts before the last one shown); `hidden` is the managers' queue.
 */
export function usePosts(clubId: number, communityId: number, state: PostsState) {
  return useInfiniteQuery({
    queryKey: communityKeys.postsIn(clubId, communityId, state),
    queryFn: ({ signal, pageParam }) => api.get<PostsPage>(clubPath(communityPath(communityId, `posts${postsSearch(state, pageParam)}`), clubId), { signal }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: nextBefore,
  });
}

/**
 * What a change of posts reloads: the posts (both lists), the community (its counts) and the
 * list of communities (counts and last activity). Called once a whole change is done (§4: after
 * the post and its images).
 */
export function useReloadPosts(clubId: number, communityId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: communityKeys.posts(clubId, communityId) }),
      queryClient.invalidateQueries({ queryKey: communityKeys.detail(clubId, communityId) }),
      queryClient.invalidateQueries({ queryKey: communityKeys.list(clubId) }),
    ]);
}

/** POST C/posts: posted by the signed-in user. The caller uploads the images, then reloads (useReloadPosts). */
export function useCreatePost(clubId: number, communityId: number) {
  return useMutation({
    mutationFn: (body: PostBody) => api.post<CommunityPost>(clubPath(communityPath(communityId, 'posts'), clubId), body),
  });
}

/** PUT C/posts/{postId}: its author only. The caller uploads new images, then reloads. */
export function useUpdatePost(clubId: number, communityId: number) {
  return useMutation({
    mutationFn: ({ postId, body }: { postId: number; body: PostBody }) => api.put<CommunityPost>(clubPath(communityPath(communityId, `posts/${postId}`), clubId), body),
  });
}

/** DELETE C/posts/{postId}: its author deletes it, a manager removes it (logged). */
export function useDeletePost(clubId: number, communityId: number) {
  const reload = useReloadPosts(clubId, communityId);
  return useMutation({
    mutationFn: (postId: number) => api.delete<null>(clubPath(communityPath(communityId, `posts/${postId}`), clubId)),
    onSuccess: reload,
  });
}

/** POST C/posts/{postId}/images (multipart, one image) with progress. */
export function useUploadPostImage(clubId: number, communityId: number) {
  return useMutation({
    mutationFn: ({ postId, file, onProgress }: { postId: number; file: Blob; onProgress?: UploadProgress }) =>
      api.upload<CommunityImage>(clubPath(communityPath(communityId, `posts/${postId}/images`), clubId), file, onProgress, { fieldName: COMMUNITY_IMAGE_FIELD }),
  });
}

/** DELETE C/posts/{postId}/images/{imageId}: the author, or a manager. The caller reloads. */
export function useDeletePostImage(clubId: number, communityId: number) {
  return useMutation({
    mutationFn: ({ postId, imageId }: { postId: number; imageId: number }) => api.delete<null>(clubPath(communityPath(communityId, `posts/${postId}/images/${imageId}`), clubId)),
  });
}

/** POST C/posts/{postId}/moderation: pin, unpin, close, open, restore (logged). */
export function useModeratePost(clubId: number, communityId: number) {
  const reload = useReloadPosts(clubId, communityId);
  return useMutation({
    mutationFn: ({ postId, action }: { postId: number; action: PostAction }) =>
      api.post<CommunityPost>(clubPath(communityPath(communityId, `posts/${postId}/moderation`), clubId), { action }),
    onSuccess: reload,
  });
}

/** GET C/posts/{postId}/comments: oldest first, each with its replies; asked when the comments are opened. */
export function useComments(clubId: number, communityId: number, postId: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: communityKeys.comments(clubId, communityId, postId),
    queryFn: ({ signal }) => api.get<CommunityComment[]>(clubPath(communityPath(communityId, `posts/${postId}/comments`), clubId), { signal }),
  });
}

/** What a change of comments reloads: the post's comments, and the posts (their comment counts) with the community. */
export function useReloadComments(clubId: number, communityId: number) {
  const queryClient = useQueryClient();
  const reloadPosts = useReloadPosts(clubId, communityId);
  return (postId: number) => Promise.all([queryClient.invalidateQueries({ queryKey: communityKeys.comments(clubId, communityId, postId) }), reloadPosts()]);
}

/** POST C/posts/{postId}/comments: a comment, or with `parent_id` a reply. The caller uploads images, then reloads (§4). */
export function useCreateComment(clubId: number, communityId: number) {
  return useMutation({
    mutationFn: ({ postId, body }: { postId: number; body: CommentBody }) =>
      api.post<CommunityComment>(clubPath(communityPath(communityId, `posts/${postId}/comments`), clubId), body),
  });
}

/** PUT C/comments/{commentId}: its author only. The caller uploads new images, then reloads. */
export function useUpdateComment(clubId: number, communityId: number) {
  return useMutation({
    mutationFn: ({ commentId, body }: { commentId: number; body: CommentEditBody }) =>
      api.put<CommunityComment>(clubPath(communityPath(communityId, `comments/${commentId}`), clubId), body),
  });
}

/** DELETE C/comments/{commentId}: its author deletes it, a manager removes it (logged); a comment's replies go with it. */
export function useDeleteComment(clubId: number, communityId: number) {
  const reload = useReloadComments(clubId, communityId);
  return useMutation({
    mutationFn: ({ commentId }: { commentId: number; postId: number }) => api.delete<null>(clubPath(communityPath(communityId, `comments/${commentId}`), clubId)),
    onSuccess: (_r, { postId }) => reload(postId),
  });
}

/** POST C/comments/{commentId}/images (multipart, one image) with progress. */
export function useUploadCommentImage(clubId: number, communityId: number) {
  return useMutation({
    mutationFn: ({ commentId, file, onProgress }: { commentId: number; file: Blob; onProgress?: UploadProgress }) =>
      api.upload<CommunityImage>(clubPath(communityPath(communityId, `comments/${commentId}/images`), clubId), file, onProgress, { fieldName: COMMUNITY_IMAGE_FIELD }),
  });
}

/** DELETE C/comments/{commentId}/images/{imageId}. The caller reloads. */
export function useDeleteCommentImage(clubId: number, communityId: number) {
  return useMutation({
    mutationFn: ({ commentId, imageId }: { commentId: number; imageId: number }) =>
      api.delete<null>(clubPath(communityPath(communityId, `comments/${commentId}/images/${imageId}`), clubId)),
  });
}

/** POST C/comments/{commentId}/moderation { action: 'restore' }: shown again, its reports resolved (logged). */
export function useRestoreComment(clubId: number, communityId: number) {
  const reload = useReloadComments(clubId, communityId);
  return useMutation({
    mutationFn: ({ commentId }: { commentId: number; postId: number }) =>
      api.post<CommunityComment>(clubPath(communityPath(communityId, `comments/${commentId}/moderation`), clubId), { action: 'restore' }),
    onSuccess: (_r, { postId }) => reload(postId),
  });
}
