import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Connection,
  ExternalFeed,
  ExternalFeedItem,
  FeedPost,
  FeedPostBody,
  FeedStats,
  NotificationBody,
  NotificationItem,
  SubscriberCount,
} from '@golf/contract/api/communication';
import type { Guide } from '@golf/contract/api/guides';
import { api, clubPath, type UploadProgress } from '../../../lib/api-client';
import { anyMessagePending, anyPostPending, guidesSearch, newestFirst } from '../utils/feed';

/** The field of a post's image upload (multipart). */
export const POST_IMAGE_FIELD = 'data';

/** How often a list with a delivery still under way is asked again. */
export const PENDING_REFETCH_MS = 2_000;

export const communicationKeys = {
  all: (clubId: number) => ['clubs', clubId, 'communication'] as const,
  stats: (clubId: number) => ['clubs', clubId, 'communication', 'stats'] as const,
  posts: (clubId: number) => ['clubs', clubId, 'communication', 'posts'] as const,
  messages: (clubId: number) => ['clubs', clubId, 'communication', 'messages'] as const,
  subscribers: (clubId: number, guideIds: number[]) => ['clubs', clubId, 'communication', 'subscribers', [...guideIds].sort((a, b) => a - b)] as const,
  feeds: (clubId: number) => ['clubs', clubId, 'communication', 'feeds'] as const,
  items: (clubId: number) => ['clubs', clubId, 'communication', 'items'] as const,
  connections: (clubId: number) => ['clubs', clubId, 'communication', 'connections'] as const,
  guides: (clubId: number) => ['clubs', clubId, 'communication', 'guides'] as const,
};

/** GET clubs/{clubId}/feed/stats: followers, members, views, external and own feed figures. */
export function useFeedStats(clubId: number) {
  return useQuery({
    queryKey: communicationKeys.stats(clubId),
    queryFn: ({ signal }) => api.get<FeedStats>(clubPath('feed/stats', clubId), { signal }),
  });
}

/** GET clubs/{clubId}/feed/posts: newest first; asked again while a channel's delivery is pending. */
export function useFeedPosts(clubId: number) {
  return useQuery({
    queryKey: communicationKeys.posts(clubId),
    queryFn: ({ signal }) => api.get<FeedPost[]>(clubPath('feed/posts', clubId), { signal }),
    select: (posts) => newestFirst(posts, (p) => p.publish_at),
    refetchInterval: (query) => (anyPostPending(query.state.data ?? []) ? PENDING_REFETCH_MS : false),
  });
}

/** The posts, the stats and (a post may send a message) the messages load again after a change. */
function usePostsChanged(clubId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: communicationKeys.posts(clubId) }),
      queryClient.invalidateQueries({ queryKey: communicationKeys.stats(clubId) }),
      queryClient.invalidateQueries({ queryKey: communicationKeys.messages(clubId) }),
    ]);
}

/** POST clubs/{clubId}/feed/posts (the image is uploaded after, to the created post). */
export function useCreatePost(clubId: number) {
  const changed = usePostsChanged(clubId);
  return useMutation({
    mutationFn: (body: FeedPostBody) => api.post<FeedPost>(clubPath('feed/posts', clubId), body),
    onSuccess: changed,
  });
}

/** PUT clubs/{clubId}/feed/posts/{id}: text, link and times (channels already delivered stay). */
export function useUpdatePost(clubId: number) {
  const changed = usePostsChanged(clubId);
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: FeedPostBody }) => api.put<FeedPost>(clubPath(`feed/posts/${id}`, clubId), body),
    onSuccess: changed,
  });
}

/** DELETE clubs/{clubId}/feed/posts/{id}. */
export function useDeletePost(clubId: number) {
  const queryClient = useQueryClient();
  const changed = usePostsChanged(clubId);
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(clubPath(`feed/posts/${id}`, clubId)),
    onSuccess: async (_r, id) => {
      queryClient.setQueryData<FeedPost[]>(communicationKeys.posts(clubId), (list) => list?.filter((p) => p.id !== id));
      await changed();
    },
  });
}

/** POST clubs/{clubId}/feed/posts/{id}/image (multipart, one image) with progress. */
export function useUploadPostImage(clubId: number) {
  const changed = usePostsChanged(clubId);
  return useMutation({
    mutationFn: ({ id, file, onProgress }: { id: number; file: Blob; onProgress?: UploadProgress }) =>
      api.upload<FeedPost>(clubPath(`feed/posts/${id}/image`, clubId), file, onProgress, { fieldName: POST_IMAGE_FIELD }),
    onSettled: changed,
  });
}

/** DELETE clubs/{clubId}/feed/posts/{id}/image. */
export function useRemovePostImage(clubId: number) {
  const changed = usePostsChanged(clubId);
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(clubPath(`feed/posts/${id}/image`, clubId)),
    onSettled: changed,
  });
}

/** GET clubs/{clubId}/connections: whether Facebook and the national app may be posted to. */
export function useConnections(clubId: number) {
  return useQuery({
    queryKey: communicationKeys.connections(clubId),
    queryFn: ({ signal }) => api.get<Connection[]>(clubPath('connections', clubId), { signal }),
  });
}

/**
 * GET clubs/{clubId}/guides: the club's guides, to target a message at their followers. The call
 * needs the products role: without it the answer is a 403 and the screen offers all followers only.
 */
export function useGuideChoices(clubId: number) {
  return useQuery({
    queryKey: communicationKeys.guides(clubId),
    queryFn: ({ signal }) => api.get<Guide[]>(clubPath('guides', clubId), { signal }),
    select: (guides) => guides.map((g) => ({ id: g.guide_id, title: g.title })),
    retry: false,
  });
}

/** GET clubs/{clubId}/notifications: the messages sent, newest first; asked again while one is being delivered. */
export function useMessages(clubId: number) {
  return useQuery({
    queryKey: communicationKeys.messages(clubId),
    queryFn: ({ signal }) => api.get<NotificationItem[]>(clubPath('notifications', clubId), { signal }),
    select: (items) => newestFirst(items, (m) => m.created_at),
    refetchInterval: (query) => (anyMessagePending(query.state.data ?? []) ? PENDING_REFETCH_MS : false),
  });
}

/** GET clubs/{clubId}/notifications/subscribers?guides=…: the followers targeted and those who will get it. */
export function useSubscriberCount(clubId: number, guideIds: number[], enabled = true) {
  return useQuery({
    enabled,
    queryKey: communicationKeys.subscribers(clubId, guideIds),
    queryFn: ({ signal }) => {
      const search = guidesSearch(guideIds);
      return api.get<SubscriberCount>(clubPath(`notifications/subscribers${search ? `?${search}` : ''}`, clubId), { signal });
    },
    placeholderData: (previous) => previous,
  });
}

/** POST clubs/{clubId}/notifications (§4: sending reloads the list). */
export function useSendMessage(clubId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationBody) => api.post<NotificationItem>(clubPath('notifications', clubId), body),
    onSuccess: async (sent) => {
      queryClient.setQueryData<NotificationItem[]>(communicationKeys.messages(clubId), (list) => (list ? [sent, ...list.filter((m) => m.id !== sent.id)] : list));
      await queryClient.invalidateQueries({ queryKey: communicationKeys.messages(clubId) });
    },
  });
}

/** GET clubs/{clubId}/feed/subscriptions: the external feeds the club follows. */
export function useExternalFeeds(clubId: number) {
  return useQuery({
    queryKey: communicationKeys.feeds(clubId),
    queryFn: ({ signal }) => api.get<ExternalFeed[]>(clubPath('feed/subscriptions', clubId), { signal }),
  });
}

/** GET clubs/{clubId}/feed/items: the external feeds' items, newest first. */
export function useExternalItems(clubId: number) {
  return useQuery({
    queryKey: communicationKeys.items(clubId),
    queryFn: ({ signal }) => api.get<ExternalFeedItem[]>(clubPath('feed/items', clubId), { signal }),
    select: (items) => newestFirst(items, (i) => i.published_at),
  });
}

/** The feeds, their items and the stats load again after a change of the subscriptions. */
function useFeedsChanged(clubId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: communicationKeys.feeds(clubId) }),
      queryClient.invalidateQueries({ queryKey: communicationKeys.items(clubId) }),
      queryClient.invalidateQueries({ queryKey: communicationKeys.stats(clubId) }),
    ]);
}

/** POST clubs/{clubId}/feed/subscriptions { url }. */
export function useAddExternalFeed(clubId: number) {
  const changed = useFeedsChanged(clubId);
  return useMutation({
    mutationFn: (url: string) => api.post<ExternalFeed>(clubPath('feed/subscriptions', clubId), { url }),
    onSuccess: changed,
  });
}

/** POST clubs/{clubId}/feed/subscriptions/{id}/refresh: fetched again now. */
export function useRefreshExternalFeed(clubId: number) {
  const changed = useFeedsChanged(clubId);
  return useMutation({
    mutationFn: (id: number) => api.post<ExternalFeed>(clubPath(`feed/subscriptions/${id}/refresh`, clubId)),
    onSettled: changed,
  });
}

/** DELETE clubs/{clubId}/feed/subscriptions/{id} (its items go with it). */
export function useRemoveExternalFeed(clubId: number) {
  const queryClient = useQueryClient();
  const changed = useFeedsChanged(clubId);
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(clubPath(`feed/subscriptions/${id}`, clubId)),
    onSuccess: async (_r, id) => {
      queryClient.setQueryData<ExternalFeed[]>(communicationKeys.feeds(clubId), (list) => list?.filter((f) => f.id !== id));
      await changed();
    },
  });
}
