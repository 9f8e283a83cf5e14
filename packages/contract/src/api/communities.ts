import { z } from 'zod';
import { IdParam, IntParam, PositiveInt32, Text } from './common';
import { managesClub, type PermissionSubject } from '../permissions';

/**
 * Communities (§1, §2 /communities and /communities/:communityId, §2 Screen capabilities, §4
 * comment create or update, §6, §8; issue 24): the club's communities (a seniors' group, the
 * women's section) with posts, comments and one level of replies, images, members and managers,
 * hidden (invitation only) communities, and moderation. The golfers are the club's app users
 * (insights, `app_users`) who join through the app-side API (./communities-app.ts), and the
 * club's imported members (members import, `club_members`) whom the club invites by mail.
 *
 * Who may do what (role `communities`, §6):
 * - The club's community managers are the admin and the owners of the club's region (`management`):
 *   they see every community, create and delete communities, choose each community's managers
 *   among the club's users who hold the `communities` role, and set the report threshold.
 * - A user with the `communities` role sees and manages only the communities they were added to as
 *   a manager: edit the community, post, comment, moderate, invite, ban, mute, remove.
 *   Another community's id answers 404, as an id of another club does.
 *
 * Console calls, all under clubs/{clubId} (C = communities/{communityId}):
 * - GET    communities → CommunitySummary[] (the ones the user manages; all for management)
 * - POST   communities  CommunityBody → Community (201; management)
 * - GET    C → Community;  PUT C  CommunityBody → Community (managers: not `manager_ids`);
 *          DELETE C → 204 (management)
 * - POST   C/image (multipart, one image) → Community;  DELETE C/image → Community
 * - GET    communities/manager-candidates → ManagerCandidate[] (management)
 * - GET    communities/settings → CommunitySettings;  PUT (management) CommunitySettings → same
 * - GET    C/posts?state=&before= → PostsPage (pinned first, then newest; managers see hidden ones)
 * - POST   C/posts  PostBody → CommunityPost (201; posted by the signed-in user)
 * - PUT    C/posts/{postId}  PostBody → CommunityPost (its author only);  DELETE → 204 (its
 *          author; a manager removes it: logged)
 * - POST   C/posts/{postId}/images (multipart, one image; at most POST_IMAGES_MAX) → CommunityImage (201)
 * - DELETE C/posts/{postId}/images/{imageId} → 204 (the author, or a manager)
 * - POST   C/posts/{postId}/moderation  PostModerationBody → CommunityPost (pin, unpin, close,
 *          open, restore)
 * - GET    C/posts/{postId}/comments → CommunityComment[] (oldest first, replies under their comment)
 * - POST   C/posts/{postId}/comments  CommentBody → CommunityComment (201; `parent_id` for a reply;
 *          a reply to a reply is refused; a closed post takes none: 409)
 * - PUT    C/comments/{commentId}  CommentEditBody → CommunityComment (its author);  DELETE → 204
 *          (its author; a manager removes it: logged)
 * - POST   C/comments/{commentId}/images (multipart) → CommunityImage (201);
 *          DELETE C/comments/{commentId}/images/{imageId} → 204
 * - POST   C/comments/{commentId}/moderation  CommentModerationBody → CommunityComment (restore)
 * - GET    C/members?filter=&search=&page=&page_size= → CommunityMembersResponse
 * - GET    C/invitable?search= → InvitableMember[] (the club's imported members not in the community)
 * - POST   C/members/invitations  InviteBody → InvitationsResult (adds imported members as invited
 *          and mails them; a member mailed within 24 hours is not mailed again)
 * - POST   C/members/{memberId}/ban → CommunityMember;  POST C/members/{memberId}/unban → CommunityMember
 * - POST   C/members/{memberId}/mute  MuteBody → CommunityMember (until a time; ends by itself);
 *          DELETE C/members/{memberId}/mute → CommunityMember
 * - POST   C/members/removals  MemberIdsBody → { removed }
 * - GET    C/moderation-log?before= → ModerationLogPage (newest first)
 */

export const COMMUNITY_LIMITS = {
  nameMax: 80,
  descriptionMax: 2000,
  /** Characters of a post or a comment (a 100 KB text is refused). */
  postTextMax: 5000,
  commentTextMax: 2000,
  /** Images of one post, and of one comment. */
  postImagesMax: 10,
  commentImagesMax: 4,
  /** Managers of one community. */
  managersMax: 50,
  /** Communities of one club. */
  communitiesMax: 200,
  /** Reports that hide a post or comment, when the club has not set its own (issue 24: 2). */
  reportThresholdDefault: 2,
  reportThresholdMin: 1,
  reportThresholdMax: 100,
  reportReasonMax: 500,
  /** The longest mute: 90 days. */
  muteMaxDays: 90,
  /** Posts of one page of the list; comments are listed whole (capped). */
  postsPageSize: 20,
  commentsMax: 2000,
  logPageSize: 50,
  /** Members invited at once, and display names of golfers. */
  inviteMax: 1000,
  displayNameMax: 80,
} as const;

export const CommunityParams = z.object({ clubId: IdParam, communityId: IdParam });
export const PostParams = z.object({ clubId: IdParam, communityId: IdParam, postId: IdParam });
export const PostImageParams = z.object({ clubId: IdParam, communityId: IdParam, postId: IdParam, imageId: IdParam });
export const CommentParams = z.object({ clubId: IdParam, communityId: IdParam, commentId: IdParam });
export const CommentImageParams = z.object({ clubId: IdParam, communityId: IdParam, commentId: IdParam, imageId: IdParam });
export const CommunityMemberParams = z.object({ clubId: IdParam, communityId: IdParam, memberId: IdParam });

/** A text that is not only spaces. */
const content = (max: number, what: string) =>
  Text.trim()
    .min(1, `The ${what} is empty`)
    .max(max, `The ${what} is too long (at most ${max} characters)`);

export const CommunityBody = z.object({
  name: content(COMMUNITY_LIMITS.nameMax, 'name'),
  description: Text.trim().max(COMMUNITY_LIMITS.descriptionMax, `The description is too long (at most ${COMMUNITY_LIMITS.descriptionMax} characters)`).default(''),
  /** Invitation only: not listed to golfers who are not members; joining needs an invitation. */
  hidden: z.boolean().default(false),
  /**
   * The console users who manage the community (each holds the `communities` role for the club).
   * Only the club's community managers (management) change it; a community manager sends the
   * list unchanged or leaves it out.
   */
  manager_ids: z.array(PositiveInt32).max(COMMUNITY_LIMITS.managersMax).optional(),
});
export type CommunityBody = z.input<typeof CommunityBody>;

export const CommunityManager = z.object({ user_id: z.number().int(), name: z.string(), email: z.string() });
export type CommunityManager = z.infer<typeof CommunityManager>;
export const ManagerCandidate = CommunityManager;
export type ManagerCandidate = z.infer<typeof ManagerCandidate>;

export const CommunitySummary = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  image_url: z.string().nullable(),
  hidden: z.boolean(),
  /** Golfers who joined (members), invited and banned. */
  members: z.number().int(),
  invited: z.number().int(),
  banned: z.number().int(),
  managers: z.array(CommunityManager),
  posts: z.number().int(),
  /** Posts and comments hidden by reports, waiting for a manager. */
  reported: z.number().int(),
  /** The newest post or comment, else the community's creation. */
  last_activity_at: z.iso.datetime(),
  created_at: z.iso.datetime(),
});
export type CommunitySummary = z.infer<typeof CommunitySummary>;

export const Community = CommunitySummary.extend({
  /** Whether the signed-in user may delete it and change its managers (management). */
  can_administer: z.boolean(),
});
export type Community = z.infer<typeof Community>;

export const CommunitySettings = z.object({
  report_threshold: z.number().int().min(COMMUNITY_LIMITS.reportThresholdMin).max(COMMUNITY_LIMITS.reportThresholdMax),
});
export type CommunitySettings = z.infer<typeof CommunitySettings>;

/** Who wrote a post or comment: a console user (a manager) or a golfer of the app. */
export const Author = z.object({
  kind: z.enum(['user', 'golfer']),
  /** The console user's id, or the community member's id of the golfer. */
  id: z.number().int(),
  name: z.string(),
  /** The signed-in user wrote it (may edit and delete it). */
  you: z.boolean(),
});
export type Author = z.infer<typeof Author>;

export const CommunityImage = z.object({ id: z.number().int(), url: z.string(), width: z.number().int(), height: z.number().int() });
export type CommunityImage = z.infer<typeof CommunityImage>;

/**
 * visible: everyone sees it; hidden: reports reached the threshold, only its author and the
 * managers see it until a manager restores or removes it.
 */
export const CONTENT_STATES = ['visible', 'hidden'] as const;
export type ContentState = (typeof CONTENT_STATES)[number];

export const CommunityPost = z.object({
  id: z.number().int(),
  author: Author,
  text: z.string(),
  images: z.array(CommunityImage),
  created_at: z.iso.datetime(),
  edited_at: z.iso.datetime().nullable(),
  pinned: z.boolean(),
  /** Closed to comments. */
  closed: z.boolean(),
  state: z.enum(CONTENT_STATES),
  /** Open reports (since it was last restored). */
  reports: z.number().int(),
  comments: z.number().int(),
});
export type CommunityPost = z.infer<typeof CommunityPost>;

export const PostsQuery = z.object({
  /** 'hidden': only the ones reports hid (the managers' queue). */
  state: z.enum(['all', 'hidden']).default('all'),
  /** The last post id of the page before (paging by id; pinned posts come on the first page). */
  before: IdParam.optional(),
});
export const PostsPage = z.object({ items: z.array(CommunityPost), more: z.boolean() });
export type PostsPage = z.infer<typeof PostsPage>;

export const PostBody = z.object({ text: content(COMMUNITY_LIMITS.postTextMax, 'post') });
export type PostBody = z.input<typeof PostBody>;

export const POST_ACTIONS = ['pin', 'unpin', 'close', 'open', 'restore'] as const;
export type PostAction = (typeof POST_ACTIONS)[number];
export const PostModerationBody = z.object({ action: z.enum(POST_ACTIONS) });

export const CommunityReply = z.object({
  id: z.number().int(),
  parent_id: z.number().int(),
  author: Author,
  text: z.string(),
  images: z.array(CommunityImage),
  created_at: z.iso.datetime(),
  edited_at: z.iso.datetime().nullable(),
  state: z.enum(CONTENT_STATES),
  reports: z.number().int(),
});
export type CommunityReply = z.infer<typeof CommunityReply>;

export const CommunityComment = CommunityReply.omit({ parent_id: true }).extend({
  parent_id: z.null(),
  replies: z.array(CommunityReply),
});
export type CommunityComment = z.infer<typeof CommunityComment>;

export const CommentBody = z.object({
  text: content(COMMUNITY_LIMITS.commentTextMax, 'comment'),
  /** The comment this replies to (one level: a reply takes no replies). */
  parent_id: PositiveInt32.nullable().default(null),
});
export type CommentBody = z.input<typeof CommentBody>;
export const CommentEditBody = z.object({ text: content(COMMUNITY_LIMITS.commentTextMax, 'comment') });
export type CommentEditBody = z.input<typeof CommentEditBody>;
export const CommentModerationBody = z.object({ action: z.literal('restore') });

export const COMMUNITY_MEMBER_STATUSES = ['member', 'invited', 'banned'] as const;
export type CommunityMemberStatus = (typeof COMMUNITY_MEMBER_STATUSES)[number];
export const COMMUNITY_MEMBER_FILTERS = ['all', 'members', 'invited', 'banned'] as const;
export type CommunityMemberFilter = (typeof COMMUNITY_MEMBER_FILTERS)[number];

export const CommunityMember = z.object({
  id: z.number().int(),
  /** A golfer of the app (joined there), or an imported club member (invited by mail). */
  kind: z.enum(['golfer', 'imported']),
  name: z.string(),
  /** The imported member's email and union number; empty for a golfer who joined in the app. */
  email: z.string(),
  union_number: z.string(),
  status: z.enum(COMMUNITY_MEMBER_STATUSES),
  /** Muted until then (cannot post or comment); null when not muted or the time has passed. */
  muted_until: z.iso.datetime().nullable(),
  joined_at: z.iso.datetime().nullable(),
  last_invited_at: z.iso.datetime().nullable(),
  /** Mailed within the last 24 hours: flagged, and not mailed again yet. */
  recently_mailed: z.boolean(),
  created_at: z.iso.datetime(),
});
export type CommunityMember = z.infer<typeof CommunityMember>;

export const CommunityMembersQuery = z.object({
  filter: z.enum(COMMUNITY_MEMBER_FILTERS).default('all'),
  search: Text.trim().max(200).default(''),
  page: IntParam(1, 100_000).default(1),
  page_size: IntParam(1, 500).default(50),
});
export type CommunityMembersQuery = z.input<typeof CommunityMembersQuery>;

export const CommunityMembersResponse = z.object({
  items: z.array(CommunityMember),
  total: z.number().int(),
  counts: z.object({ all: z.number().int(), members: z.number().int(), invited: z.number().int(), banned: z.number().int() }),
});
export type CommunityMembersResponse = z.infer<typeof CommunityMembersResponse>;

export const InvitableQuery = z.object({ search: Text.trim().max(200).default('') });
export const InvitableMember = z.object({
  /** The imported club member's id. */
  club_member_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  union_number: z.string(),
});
export type InvitableMember = z.infer<typeof InvitableMember>;
export const INVITABLE_LIST_MAX = 200;

/** Invite imported club members (new ones are added as invited), or mail invited ones again. */
export const InviteBody = z
  .object({
    club_member_ids: z.array(PositiveInt32).max(COMMUNITY_LIMITS.inviteMax).default([]),
    /** Community members (invited) to mail again. */
    member_ids: z.array(PositiveInt32).max(COMMUNITY_LIMITS.inviteMax).default([]),
  })
  .refine((b) => b.club_member_ids.length + b.member_ids.length > 0, 'Choose whom to invite');
export type InviteBody = z.input<typeof InviteBody>;

export const INVITE_SKIP_REASONS = ['joined', 'banned', 'recently_mailed', 'not_found', 'mail_failed'] as const;
export const InvitationsResult = z.object({
  /** Imported members added to the community as invited. */
  added: z.number().int(),
  sent: z.number().int(),
  skipped: z.array(z.object({ id: z.number().int(), reason: z.enum(INVITE_SKIP_REASONS) })),
});
export type InvitationsResult = z.infer<typeof InvitationsResult>;

export const MuteBody = z.object({
  /** Muted until this time: after now, at most COMMUNITY_LIMITS.muteMaxDays ahead. */
  until: z.iso.datetime({ offset: true }),
});
export type MuteBody = z.input<typeof MuteBody>;

export const CommunityMemberIdsBody = z.object({ ids: z.array(PositiveInt32).min(1).max(5000) });
export const CommunityRemovalsResponse = z.object({ removed: z.number().int() });

export const MODERATION_ACTIONS = [
  'post_hidden',
  'post_restored',
  'post_removed',
  'post_pinned',
  'post_unpinned',
  'post_closed',
  'post_opened',
  'comment_hidden',
  'comment_restored',
  'comment_removed',
  'member_banned',
  'member_unbanned',
  'member_muted',
  'member_unmuted',
  'member_removed',
  'members_invited',
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export const ModerationLogEntry = z.object({
  id: z.number().int(),
  at: z.iso.datetime(),
  action: z.enum(MODERATION_ACTIONS),
  /** Who did it: a console user, or 'reports' when the threshold hid it. */
  actor: z.object({ kind: z.enum(['user', 'reports']), name: z.string() }),
  /** What it was done to, as it was then: a post's or comment's opening words, a member's name. */
  target: z.string(),
  /** More about it (the mute's end, the number of reports, of members invited). */
  detail: z.string().nullable(),
});
export type ModerationLogEntry = z.infer<typeof ModerationLogEntry>;
export const ModerationLogQuery = z.object({ before: IdParam.optional() });
export const ModerationLogPage = z.object({ items: z.array(ModerationLogEntry), more: z.boolean() });
export type ModerationLogPage = z.infer<typeof ModerationLogPage>;

/** How much of a post or comment a log entry keeps. */
export const LOG_TARGET_CHARS = 80;
export function logExcerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= LOG_TARGET_CHARS ? flat : `${flat.slice(0, LOG_TARGET_CHARS - 1)}…`;
}

/** Whether a mute is in force at `now`. */
export function mutedNow(mutedUntil: string | Date | null, now = Date.now()): boolean {
  if (!mutedUntil) return false;
  return (mutedUntil instanceof Date ? mutedUntil.getTime() : Date.parse(mutedUntil)) > now;
}

/**
 * The club's community managers (§6, issue 24): the admin and the owners of the club's region.
 * They see every community of the club, create and delete them and choose their managers; a user
 * with the `communities` role sees and manages only the communities they were added to.
 */
export function administersCommunities(subject: PermissionSubject | null | undefined, clubId: number | string): boolean {
  return managesClub(subject, clubId);
}
