/**
 * Communities (issue 24): the club's communities, their managers (console users), their members
 * (golfers of the app: insights' `app_users`; imported club members: the members area's
 * `club_members`, invited by mail), posts, comments and one level of replies, their images, the
 * golfers' reports and the moderation log. Written by the communities area only; the app users and
 * the imported members are referred to by foreign key and read through their areas' entries.
 */
import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { clubs, users } from './core';
import { appUsers } from './insights';
import { clubMembers } from './members';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const communities = pgTable(
  'communities',
  {
    id: serial('id').primaryKey(),
    clubId: integer('club_id').notNull().references(() => clubs.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Invitation only: not listed to golfers who are not in it. */
    hidden: boolean('hidden').notNull().default(false),
    /** The stored image's key (platform/storage), null without one. */
    imageKey: text('image_key'),
    imageWidth: integer('image_width'),
    imageHeight: integer('image_height'),
    /** The newest post or comment (or the creation). */
    lastActivityAt: at('last_activity_at').notNull().defaultNow(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('communities_club_name_key').on(t.clubId, sql`lower(${t.name})`)],
);

/** The club's settings for its communities: the reports that hide a post or comment. */
export const communitySettings = pgTable(
  'community_settings',
  {
    clubId: integer('club_id')
      .primaryKey()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    reportThreshold: smallint('report_threshold').notNull().default(2),
  },
  (t) => [check('community_settings_threshold_check', sql`${t.reportThreshold} between 1 and 100`)],
);

/** A console user who manages a community (holds the club's `communities` role). */
export const communityManagers = pgTable(
  'community_managers',
  {
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addedAt: at('added_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.communityId, t.userId] }), index('community_managers_user_idx').on(t.userId)],
);

/**
 * A golfer in a community: an app user (joined in the app, or an invited member who joined), or an
 * imported club member invited by mail who has not joined yet. Status 'member', 'invited' or
 * 'banned'. A muted member reads but does not write until `muted_until`.
 */
export const communityMembers = pgTable(
  'community_members',
  {
    id: serial('id').primaryKey(),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    appUserId: integer('app_user_id').references(() => appUsers.id, { onDelete: 'cascade' }),
    clubMemberId: integer('club_member_id').references(() => clubMembers.id, { onDelete: 'cascade' }),
    /** The name the community shows (the app's display name, or the imported member's name). */
    displayName: text('display_name').notNull().default(''),
    status: text('status').notNull(),
    mutedUntil: at('muted_until'),
    joinedAt: at('joined_at'),
    lastInvitedAt: at('last_invited_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('community_members_app_user_key').on(t.communityId, t.appUserId),
    uniqueIndex('community_members_club_member_key').on(t.communityId, t.clubMemberId),
    index('community_members_status_idx').on(t.communityId, t.status),
    check('community_members_status_check', sql`${t.status} in ('member', 'invited', 'banned')`),
    check('community_members_who_check', sql`${t.appUserId} is not null or ${t.clubMemberId} is not null`),
  ],
);

/** A post: by a console user (`author_user_id`) or a golfer (`author_member_id`). */
export const communityPosts = pgTable(
  'community_posts',
  {
    id: serial('id').primaryKey(),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    authorUserId: integer('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    authorMemberId: integer('author_member_id').references(() => communityMembers.id, { onDelete: 'set null' }),
    /** The author's name when it was written (kept when the author is gone). */
    authorName: text('author_name').notNull(),
    text: text('text').notNull(),
    pinned: boolean('pinned').notNull().default(false),
    closed: boolean('closed').notNull().default(false),
    /** Reports hid it: only its author and the managers see it until restored or removed. */
    hidden: boolean('hidden').notNull().default(false),
    createdAt: at('created_at').notNull().defaultNow(),
    editedAt: at('edited_at'),
  },
  (t) => [index('community_posts_community_idx').on(t.communityId, t.id)],
);

/** A comment on a post, or a reply to a comment (`parent_id`; one level). */
export const communityComments = pgTable(
  'community_comments',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => communityComments.id, { onDelete: 'cascade' }),
    authorUserId: integer('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    authorMemberId: integer('author_member_id').references(() => communityMembers.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    text: text('text').notNull(),
    hidden: boolean('hidden').notNull().default(false),
    createdAt: at('created_at').notNull().defaultNow(),
    editedAt: at('edited_at'),
  },
  (t) => [index('community_comments_post_idx').on(t.postId, t.id), index('community_comments_parent_idx').on(t.parentId)],
);

/** An image of a post or of a comment (exactly one of the two). */
export const communityImages = pgTable(
  'community_images',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id').references(() => communityPosts.id, { onDelete: 'cascade' }),
    commentId: integer('comment_id').references(() => communityComments.id, { onDelete: 'cascade' }),
    fileKey: text('file_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('community_images_post_idx').on(t.postId),
    index('community_images_comment_idx').on(t.commentId),
    check('community_images_owner_check', sql`(${t.postId} is null) <> (${t.commentId} is null)`),
  ],
);

/** A golfer's report of a post or comment; counted since the item was last restored. */
export const communityReports = pgTable(
  'community_reports',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id').references(() => communityPosts.id, { onDelete: 'cascade' }),
    commentId: integer('comment_id').references(() => communityComments.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => communityMembers.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull().default(''),
    /** Set when a manager restored the item: the report no longer counts. */
    resolvedAt: at('resolved_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('community_reports_post_member_key').on(t.postId, t.memberId),
    uniqueIndex('community_reports_comment_member_key').on(t.commentId, t.memberId),
    check('community_reports_target_check', sql`(${t.postId} is null) <> (${t.commentId} is null)`),
  ],
);

/** What managers (and the report threshold) did in a community, for its managers to read. */
export const communityModerationLog = pgTable(
  'community_moderation_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    /** The console user who did it; null with `actor_name` 'reports' when the threshold hid an item. */
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    target: text('target').notNull(),
    detail: text('detail'),
    at: at('at').notNull().defaultNow(),
  },
  (t) => [index('community_moderation_log_idx').on(t.communityId, t.id)],
);
