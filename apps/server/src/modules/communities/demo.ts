import { asc, eq } from 'drizzle-orm';
import { logExcerpt, type ModerationAction } from '@golf/contract/api/communities';
import { appUsers, clubMembers, communities, communityComments, communityMembers, communityModerationLog, communityPosts, communityReports } from '../../db/schema/index';
import type { AreaDemo } from '../../platform/app-types';
import type { DbOrTx } from '../../platform/db-types';
import { mulberry32 } from '../../platform/random';
import { userDisplayName } from './access';
import { insertCommunity } from './communities-service';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The demo's communities (issue 24), for the tests and the browser tests that look for them. */
export const DEMO_COMMUNITIES = {
  open: 'Seniorklubben',
  hidden: 'Dameklubben',
} as const;

/** What the demo writes, for the tests that count it. */
export const DEMO_COMMUNITY_COUNTS = {
  /** Golfers of the app who joined Seniorklubben (fewer when the club has fewer app users). */
  seniorMembers: 25,
  seniorPosts: 6,
  /** The golfers of Dameklubben, and the imported club members invited to it (when the club has any). */
  ladiesMembers: 8,
  ladiesInvited: 3,
  ladiesPosts: 2,
} as const;

/** The names the golfers show in the communities: the first eight are the women of Dameklubben. */
const NAMES = [
  'Inge Mortensen',
  'Birthe Kjær',
  'Hanne Lauridsen',
  'Lene Vestergaard',
  'Kirsten Holm',
  'Susanne Dahl',
  'Grethe Bak',
  'Annette Friis',
  'Jens Poulsen',
  'Niels Jørgensen',
  'Poul Erik Madsen',
  'Henning Sørensen',
  'Bent Kristensen',
  'Ole Rasmussen',
  'Finn Andersen',
  'Erik Thomsen',
  'Kurt Nielsen',
  'Jørgen Pedersen',
  'Leif Christensen',
  'Svend Åge Larsen',
  'Karsten Møller',
  'Torben Jakobsen',
  'Preben Olsen',
  'Flemming Hansen',
  'Mogens Iversen',
];

interface DemoComment {
  /** The index of the golfer in NAMES who wrote it, or 'owner' for the club's owner (a console user). */
  by: number | 'owner';
  text: string;
  replies?: { by: number | 'owner'; text: string }[];
}

interface DemoPost {
  by: number | 'owner';
  /** Days before now. */
  daysAgo: number;
  text: string;
  pinned?: boolean;
  closed?: boolean;
  /** Hidden by reports of these golfers. */
  reportedBy?: number[];
  comments?: DemoComment[];
}

const SENIOR_POSTS: DemoPost[] = [
  {
    by: 'owner',
    daysAgo: 34,
    pinned: true,
    text: 'Velkommen til Seniorklubben! Her deler vi nyt om tirsdagsmatcherne, ture og det sociale efter runden. Skriv gerne, hvis I har idéer til nye arrangementer.',
    comments: [
      { by: 8, text: 'Tak for initiativet – det er dejligt at have et sted at samle det hele.' },
      { by: 1, text: 'Godt tiltag! Kan vi også bruge gruppen til at finde makkere til weekenden?', replies: [{ by: 'owner', text: 'Selvfølgelig, skriv bare et opslag.' }] },
    ],
  },
  {
    by: 9,
    daysAgo: 26,
    closed: true,
    text: 'Afstemning om datoen for julefrokosten: skriv jeres ønske herunder inden fredag.',
    comments: [
      { by: 12, text: 'Fredag den 12. december passer mig bedst.' },
      { by: 3, text: 'Jeg stemmer også for den 12.' },
    ],
  },
  {
    by: 10,
    daysAgo: 19,
    text: 'Tak for en dejlig tur til Himmerland! Bussen var til tiden, og vejret var med os hele dagen.',
    comments: [
      { by: 14, text: 'Enig, banen var i topform. Næste år igen?', replies: [{ by: 10, text: 'Helt sikkert – jeg spørger i sekretariatet om en dato.' }] },
      { by: 4, text: 'Tak for arrangementet, Niels. Frokosten var også god.' },
    ],
  },
  {
    by: 21,
    daysAgo: 12,
    reportedBy: [13, 17],
    text: 'Sælger billige golfbolde og brugte køller – skriv privat til mig for pris, kun kontant betaling!',
  },
  {
    by: 11,
    daysAgo: 7,
    text: 'Tirsdagsmatch i næste uge: vi spiller stableford fra gule tees, første start kl. 9.00. Hvem er med?',
    comments: [
      { by: 15, text: 'Jeg er med, og Kurt kommer også.', replies: [{ by: 16, text: 'Ja, jeg er klar. Kan vi starte på hul 10?' }, { by: 11, text: 'Vi starter på hul 1 som altid.' }] },
      { by: 2, text: 'Jeg kan desværre ikke denne gang – god fornøjelse!' },
      { by: 19, text: 'Tæl mig med.' },
    ],
  },
  {
    by: 5,
    daysAgo: 3,
    text: 'Er der nogen, der har fundet en grøn paraply ved 9. hul i torsdags?',
    comments: [{ by: 22, text: 'Der hang en i caddieboksen i går eftermiddags.', replies: [{ by: 5, text: 'Tusind tak, den er hentet!' }] }],
  },
];

const LADIES_POSTS: DemoPost[] = [
  {
    by: 0,
    daysAgo: 15,
    text: 'Damedag onsdag: 9 huller og kaffe bagefter. Nye medlemmer er meget velkomne!',
    comments: [{ by: 6, text: 'Jeg tager kage med.' }, { by: 2, text: 'Glæder mig!' }],
  },
  {
    by: 3,
    daysAgo: 4,
    text: 'Vi mangler en fjerde til vores firebold lørdag morgen – skriv herunder, hvis du kan.',
    comments: [{ by: 7, text: 'Jeg kan gerne. Hvornår mødes vi?', replies: [{ by: 3, text: 'Kl. 8.30 ved klubhuset.' }] }],
  },
];

interface Writer {
  tx: DbOrTx;
  ownerUserId: number;
  ownerName: string;
  now: number;
  random: () => number;
}

/** The author columns of a post or comment by a golfer (their member row) or the owner. */
function authorOf(w: Writer, by: number | 'owner', members: { id: number; name: string }[]) {
  if (by === 'owner') return { authorUserId: w.ownerUserId, authorMemberId: null, authorName: w.ownerName };
  const member = members[by % members.length];
  return { authorUserId: null, authorMemberId: member.id, authorName: member.name };
}

async function log(w: Writer, communityId: number, action: ModerationAction, target: string, at: Date, byReports?: number) {
  await w.tx.insert(communityModerationLog).values({
    communityId,
    action,
    actorUserId: byReports === undefined ? w.ownerUserId : null,
    actorName: byReports === undefined ? w.ownerName : 'reports',
    target: logExcerpt(target),
    detail: byReports === undefined ? null : `${byReports} reports`,
    at,
  });
}

/** Writes the posts, their comments, replies and reports; answers the newest activity. */
async function writePosts(w: Writer, communityId: number, members: { id: number; name: string }[], posts: DemoPost[]): Promise<Date> {
  let newest = new Date(0);
  const later = (from: Date, maxHours: number) => {
    const at = new Date(Math.min(w.now - HOUR, from.getTime() + HOUR + Math.floor(w.random() * maxHours * HOUR)));
    if (at > newest) newest = at;
    return at;
  };
  for (const p of posts) {
    const createdAt = new Date(w.now - p.daysAgo * DAY + Math.floor(w.random() * 8 * HOUR));
    if (createdAt > newest) newest = createdAt;
    const hidden = (p.reportedBy?.length ?? 0) > 0;
    const [post] = await w.tx
      .insert(communityPosts)
      .values({ communityId, ...authorOf(w, p.by, members), text: p.text, pinned: p.pinned ?? false, closed: p.closed ?? false, hidden, createdAt })
      .returning({ id: communityPosts.id });
    if (p.pinned) await log(w, communityId, 'post_pinned', p.text, later(createdAt, 2));
    let last = createdAt;
    for (const c of p.comments ?? []) {
      last = later(last, 30);
      const [comment] = await w.tx
        .insert(communityComments)
        .values({ postId: post.id, ...authorOf(w, c.by, members), text: c.text, createdAt: last })
        .returning({ id: communityComments.id });
      for (const r of c.replies ?? []) {
        last = later(last, 12);
        await w.tx.insert(communityComments).values({ postId: post.id, parentId: comment.id, ...authorOf(w, r.by, members), text: r.text, createdAt: last });
      }
    }
    if (p.closed) await log(w, communityId, 'post_closed', p.text, later(last, 48));
    if (hidden) {
      let reportedAt = createdAt;
      for (const by of p.reportedBy!) {
        reportedAt = later(reportedAt, 6);
        await w.tx.insert(communityReports).values({ postId: post.id, memberId: members[by % members.length].id, reason: 'Reklame hører ikke hjemme her', createdAt: reportedAt });
      }
      await log(w, communityId, 'post_hidden', p.text, reportedAt, p.reportedBy!.length);
    }
  }
  return newest;
}

/**
 * The communities' demo (issue 24), for the Danish demo club: 'Seniorklubben' (open, no managers
 * besides the club's community managers) with 25 of the club's app users (written by the insights
 * demo before) as joined members, six posts (one pinned, one closed, one hidden by two reports,
 * with their log entries), comments and replies; and the hidden 'Dameklubben' with eight members,
 * three of the club's imported members invited (when the club has any) and two posts. Dates are
 * spread over the last weeks; the same demo every time (mulberry32). No images: the demo writes
 * no files.
 */
export const communityDemo: AreaDemo = async ({ tx, clubId, ownerUserId }) => {
  const now = Date.now();
  const w: Writer = { tx, ownerUserId, ownerName: await userDisplayName(tx, ownerUserId), now, random: mulberry32(24) };
  const golfers = await tx.select({ id: appUsers.id }).from(appUsers).where(eq(appUsers.clubId, clubId)).orderBy(asc(appUsers.id)).limit(NAMES.length);

  const senior = await insertCommunity(
    tx,
    clubId,
    { name: DEMO_COMMUNITIES.open, description: 'For klubbens seniorer: tirsdagsmatcher, ture og hygge efter runden. Alle over 60 er velkomne.', hidden: false },
    ownerUserId,
  );
  const ladies = await insertCommunity(
    tx,
    clubId,
    { name: DEMO_COMMUNITIES.hidden, description: 'Dameklubbens egen gruppe: damedage, turneringer og ture. Kun for inviterede medlemmer.', hidden: true },
    ownerUserId,
  );
  const createdAt = new Date(now - 8 * 7 * DAY);

  const join = async (communityId: number, count: number) => {
    const chosen = golfers.slice(0, Math.min(count, golfers.length));
    if (chosen.length === 0) return [];
    const rows = await tx
      .insert(communityMembers)
      .values(
        chosen.map((g, i) => ({
          communityId,
          appUserId: g.id,
          displayName: NAMES[i],
          status: 'member',
          joinedAt: new Date(createdAt.getTime() + DAY + Math.floor(w.random() * 14 * DAY)),
          createdAt,
        })),
      )
      .returning({ id: communityMembers.id, name: communityMembers.displayName });
    return rows;
  };

  const seniors = await join(senior.id, DEMO_COMMUNITY_COUNTS.seniorMembers);
  const ladyMembers = await join(ladies.id, DEMO_COMMUNITY_COUNTS.ladiesMembers);

  const invitable = await tx
    .select({ id: clubMembers.id, first: clubMembers.firstName, last: clubMembers.lastName })
    .from(clubMembers)
    .where(eq(clubMembers.clubId, clubId))
    .orderBy(asc(clubMembers.id))
    .limit(DEMO_COMMUNITY_COUNTS.ladiesInvited);
  if (invitable.length > 0) {
    await tx.insert(communityMembers).values(
      invitable.map((m) => ({
        communityId: ladies.id,
        clubMemberId: m.id,
        displayName: `${m.first} ${m.last}`.trim(),
        status: 'invited',
        lastInvitedAt: new Date(now - 5 * DAY),
        createdAt: new Date(now - 5 * DAY),
      })),
    );
  }

  for (const [community, members, posts] of [
    [senior, seniors, SENIOR_POSTS],
    [ladies, ladyMembers, LADIES_POSTS],
  ] as const) {
    // The golfers write the posts: a club without app users (none here) gets the communities empty.
    const newest = members.length > 0 ? await writePosts(w, community.id, members, posts) : createdAt;
    await tx.update(communities).set({ createdAt, updatedAt: createdAt, lastActivityAt: newest }).where(eq(communities.id, community.id));
  }
};
