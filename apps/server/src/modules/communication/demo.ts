import { clubAnnouncements } from '../../db/schema/index';
import type { AreaDemo } from '../../platform/app-types';
import { recordDelivery } from './deliveries';
import { insertPost, statusGuid } from './feed-service';

const DAY = 24 * 3_600_000;

/** The demo's status and posts (issue 23), for tests that look for them. */
export const DEMO_STATUS_HEADER = 'Banen er åben';
export const DEMO_POSTS = {
  ended: 'Vinterbanen er lukket for i år. Tak for en god vintersæson!',
  scheduled: 'Åbent hus på lørdag: kom og prøv golf med vores trænere. Alle er velkomne.',
  published: 'Nye greens på hul 3 og 7 er klar til spil. God fornøjelse på banen!',
} as const;

/**
 * Communication's demo (issue 23), for the Danish demo club: its status ('Banen er åben', normal,
 * since yesterday, no end, to the club's RSS feed only) and three news posts: one whose end has
 * passed, one scheduled for next week, one published to the app now. Written in the demo's
 * transaction through the area's services; no job runs and nothing goes over the network (the
 * app and RSS channels of due posts are recorded done by the post's own transaction, the
 * scheduled one waits for its time).
 */
export const communicationDemo: AreaDemo = async ({ tx, clubId, ownerUserId }) => {
  const now = Date.now();
  const [status] = await tx
    .insert(clubAnnouncements)
    .values({
      clubId,
      header: DEMO_STATUS_HEADER,
      priority: 'normal',
      body: 'Alle 18 huller er åbne, og der spilles til sommergreens.',
      startsAt: new Date(now - DAY),
      endsAt: null,
      toRss: true,
      createdBy: ownerUserId,
    })
    .returning({ id: clubAnnouncements.id });
  await recordDelivery(tx, clubId, { announcementId: status.id }, { channel: 'rss', state: 'done', externalId: statusGuid(status.id) });

  const appOnly = { app: true, notification: false, national: false, facebook: false };
  await insertPost(
    tx,
    clubId,
    { text: DEMO_POSTS.ended, link: null, publish_at: new Date(now - 10 * DAY).toISOString(), end_at: new Date(now - 3 * DAY).toISOString(), channels: appOnly },
    ownerUserId,
  );
  await insertPost(
    tx,
    clubId,
    { text: DEMO_POSTS.scheduled, link: null, publish_at: new Date(now + 7 * DAY).toISOString(), end_at: new Date(now + 9 * DAY).toISOString(), channels: appOnly },
    ownerUserId,
  );
  await insertPost(tx, clubId, { text: DEMO_POSTS.published, link: null, publish_at: new Date(now - 2 * DAY).toISOString(), end_at: null, channels: appOnly }, ownerUserId);
};
