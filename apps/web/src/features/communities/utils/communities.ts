import type { InfiniteData } from '@tanstack/react-query';
import { NUL_MESSAGE, UNICODE_MESSAGE } from '@golf/contract/api/common';
import {
  COMMUNITY_LIMITS,
  type CommunityComment,
  type CommunityPost,
  type CommunityReply,
  type CommunitySummary,
  type PostsPage,
} from '@golf/contract/api/communities';
import { fuzzySearch } from '../../../lib/fuzzy-search';

/** The communities by name (as people read them), then by id. */
export function sortCommunities<T extends CommunitySummary>(communities: T[]): T[] {
  return [...communities].sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.id - b.id);
}

/** The communities matching the search (§5: fuzzy, comma-separated terms) by name, description or a manager. */
export function searchCommunities(communities: CommunitySummary[], search: string): CommunitySummary[] {
  return fuzzySearch(communities, search, (c) => ({ name: c.name, description: c.description, managers: c.managers.map((m) => m.name) }));
}

/**
 * The translation key of a message of the contract's community, post and comment bodies (the
 * form's own check and the server's 400 give the same English texts); a message it does not know
 * is shown as it is.
 */
const MESSAGE_KEYS: Record<string, string> = {
  'The name is empty': 'communities.errors.nameRequired',
  [`The name is too long (at most ${COMMUNITY_LIMITS.nameMax} characters)`]: 'communities.errors.nameTooLong',
  [`The description is too long (at most ${COMMUNITY_LIMITS.descriptionMax} characters)`]: 'communities.errors.descriptionTooLong',
  'The post is empty': 'communities.errors.postRequired',
  [`The post is too long (at most ${COMMUNITY_LIMITS.postTextMax} characters)`]: 'communities.errors.postTooLong',
  'The comment is empty': 'communities.errors.commentRequired',
  [`The comment is too long (at most ${COMMUNITY_LIMITS.commentTextMax} characters)`]: 'communities.errors.commentTooLong',
  [NUL_MESSAGE]: 'communities.errors.text',
  [UNICODE_MESSAGE]: 'communities.errors.text',
};

export function communityMessageKey(message: string): string {
  return MESSAGE_KEYS[message] ?? message;
}

/** The length of a text as the server counts it (UTF-16 code units, as zod's max). */
export function textLength(text: string): number {
  return text.trim().length;
}

/** The posts of every page loaded, in order, each once (a post may move between pages while paging). */
export function loadedPosts(data: InfiniteData<PostsPage> | undefined): CommunityPost[] {
  if (!data) return [];
  const seen = new Set<number>();
  const posts: CommunityPost[] = [];
  for (const page of data.pages) {
    for (const post of page.items) {
      if (seen.has(post.id)) continue;
      seen.add(post.id);
      posts.push(post);
    }
  }
  return posts;
}

/** The `before` of the next page: the last post id of the page before, when there is more. */
export function nextBefore(page: PostsPage): number | undefined {
  if (!page.more || page.items.length === 0) return undefined;
  return page.items[page.items.length - 1].id;
}

/** The query string of a page of posts. */
export function postsSearch(state: 'all' | 'hidden', before?: number): string {
  const params = new URLSearchParams();
  if (state !== 'all') params.set('state', state);
  if (before !== undefined) params.set('before', String(before));
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** Comments and their replies, counted together (as the post's comment count). */
export function countComments(comments: CommunityComment[]): number {
  return comments.reduce((sum, c) => sum + 1 + c.replies.length, 0);
}

/** A comment or reply that reports hid: managers see it marked, with Restore and Remove. */
export function isHidden(item: Pick<CommunityPost | CommunityReply, 'state'>): boolean {
  return item.state === 'hidden';
}

/** How many more images fit: the cap minus those kept and those chosen. */
export function imagesLeft(max: number, kept: number, chosen: number): number {
  return Math.max(0, max - kept - chosen);
}

/** Initials for an avatar: the first letters of the first two words. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((w) => [...w][0]?.toUpperCase() ?? '')
    .join('');
}
