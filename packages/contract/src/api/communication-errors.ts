/**
 * The refusals of the communication area (issue 23), by code: English text with named parameters,
 * as in ./errors.ts. Their Danish and Swedish texts are under `serverErrors` in
 * locales/<language>/communication.json. Registered with the area's texts in ../areas.ts. This
 * file imports nothing: errors.ts reads it.
 */
export const COMMUNICATION_ERRORS = {
  'communication.announcementNotFound': 'The club has no status',
  'communication.unknownGuide': 'The guide {{guideId}} is not a guide of this club',
  'communication.payloadTooLarge': 'The message is too long to send as a notification (at most {{max}} bytes)',
  'communication.sendFailed': 'Unable to send notification',
  'communication.postNotFound': 'Post not found',
  'communication.notificationNotFound': 'Message not found',
  'communication.feedNotFound': 'Feed not found',
  'communication.feedTaken': 'The club already follows this feed',
  'communication.feedsCapReached': 'A club can follow at most {{max}} feeds',
  'communication.feedPrivateAddress': 'The feed address leads to a private or local network address ({{address}}), which is not fetched',
  'communication.feedUnresolvable': 'The feed address {{host}} could not be found',
  'communication.feedTooLarge': 'The feed is larger than {{max}} MB',
  'communication.feedTimeout': 'The feed did not answer within {{seconds}} seconds',
  'communication.feedHttpStatus': 'The feed answered with status {{status}}',
  'communication.feedTooManyRedirects': 'The feed redirected more than {{max}} times',
  'communication.feedNotAFeed': 'This is not an RSS or Atom feed',
  'communication.feedUnreachable': 'The feed could not be reached: {{reason}}',
  'communication.notConfigured': 'The server is not set up for {{service}} yet',
  'communication.notConnected': 'The club is not connected to {{service}}',
  'communication.planNeeded': 'Posting to Facebook needs the Business plan',
  'communication.connectRefused': '{{service}} refused the connection: {{reason}}',
  'communication.serviceFailed': '{{service}} failed: {{reason}}',
  'communication.disconnectFailed': 'Unable to disconnect',
  'communication.imageMissing': 'Choose an image to upload',
} as const satisfies Record<string, string>;
