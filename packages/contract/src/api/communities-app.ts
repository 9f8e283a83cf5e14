import { z } from 'zod';
import { IdParam, PositiveInt32, Text } from './common';
import { COMMUNITY_LIMITS, CommunityImage, CONTENT_STATES } from './communities';

/**
 * The golfers' app's side of communities (issue 24), under /api/app/clubs/{clubId}/..., with the
 * club's app key in `X-App-Key` (./app-keys.ts). The golfer is the app user `{appUserId}` (the
 * app's own id, made known with PUT users/{appUserId} of insights first). The server enforces the
 * same rules as the console: a hidden community is not listed to a golfer who is not in it and is
 * joined only on an invitation; a banned golfer reads and writes nothing of it; a muted golfer
 * reads but does not post, comment or reply until the mute ends; a closed post takes no comment;
 * a post or comment hidden by reports is shown to its author only.
 *
 * U = users/{appUserId}, C = U/communities/{communityId}
 * - GET    U/communities → AppCommunity[] (open ones, and hidden ones the golfer is in or invited to)
 * - POST   C/join  JoinBody → AppCommunity (open: joins; hidden: only when invited, matched by the
 *          invited member's email; banned: 403)
 * - DELETE C/membership → 204 (leaves)
 * - GET    C/posts?before= → AppPostsPage (pinned first, then newest)
 * - POST   C/posts  AppPostBody → AppPost (201)
 * - GET    C/posts/{postId}/comments → AppComment[]
 * - POST   C/posts/{postId}/comments  AppCommentBody → AppComment (201)
 * - POST   C/reports  ReportBody → { hidden } (201; one report per golfer and item; at the club's
 *          threshold the item is hidden)
 */

export const AppUserParams = z.object({ clubId: IdParam, appUserId: Text.min(1).max(128) });
export const AppCommunityParams = AppUserParams.extend({ communityId: IdParam });
export const AppPostParams = AppCommunityParams.extend({ postId: IdParam });

export const AppCommunity = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  image_url: z.string().nullable(),
  hidden: z.boolean(),
  members: z.number().int(),
  /** The golfer's standing: not in it, invited, a member. */
  membership: z.enum(['none', 'invited', 'member']),
  muted_until: z.iso.datetime().nullable(),
  last_activity_at: z.iso.datetime(),
});
export type AppCommunity = z.infer<typeof AppCommunity>;

export const JoinBody = z.object({
  /** The name the community shows for the golfer. */
  display_name: Text.trim().min(1, 'The name is empty').max(COMMUNITY_LIMITS.displayNameMax),
  /** The golfer's email: an invitation to a hidden community is matched by it. */
  email: Text.trim().toLowerCase().max(254).optional(),
});
export type JoinBody = z.input<typeof JoinBody>;

const AppAuthor = z.object({ kind: z.enum(['user', 'golfer']), name: z.string(), you: z.boolean() });

export const AppPost = z.object({
  id: z.number().int(),
  author: AppAuthor,
  text: z.string(),
  images: z.array(CommunityImage),
  created_at: z.iso.datetime(),
  edited_at: z.iso.datetime().nullable(),
  pinned: z.boolean(),
  closed: z.boolean(),
  /** 'hidden' only on the golfer's own post that reports hid. */
  state: z.enum(CONTENT_STATES),
  comments: z.number().int(),
});
export type AppPost = z.infer<typeof AppPost>;
export const AppPostsPage = z.object({ items: z.array(AppPost), more: z.boolean() });
export const AppPostsQuery = z.object({ before: IdParam.optional() });

export const AppReply = z.object({
  id: z.number().int(),
  parent_id: z.number().int().nullable(),
  author: AppAuthor,
  text: z.string(),
  images: z.array(CommunityImage),
  created_at: z.iso.datetime(),
  edited_at: z.iso.datetime().nullable(),
  state: z.enum(CONTENT_STATES),
});
export const AppComment = AppReply.extend({ replies: z.array(AppReply) });
export type AppComment = z.infer<typeof AppComment>;

export const AppPostBody = z.object({
  text: Text.trim().min(1, 'The post is empty').max(COMMUNITY_LIMITS.postTextMax, `The post is too long (at most ${COMMUNITY_LIMITS.postTextMax} characters)`),
});
export const AppCommentBody = z.object({
  text: Text.trim().min(1, 'The comment is empty').max(COMMUNITY_LIMITS.commentTextMax, `The comment is too long (at most ${COMMUNITY_LIMITS.commentTextMax} characters)`),
  parent_id: PositiveInt32.nullable().default(null),
});

export const ReportBody = z.object({
  kind: z.enum(['post', 'comment']),
  id: PositiveInt32,
  reason: Text.trim().max(COMMUNITY_LIMITS.reportReasonMax).default(''),
});
export type ReportBody = z.input<typeof ReportBody>;
export const ReportResponse = z.object({ hidden: z.boolean() });
