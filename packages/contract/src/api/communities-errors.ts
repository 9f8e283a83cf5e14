/**
 * The refusals of the communities area (issue 24), by code: English text with named parameters,
 * as in ./errors.ts. Their Danish and Swedish texts are under `serverErrors` in
 * locales/<language>/communities.json. Registered with the area's texts in ../areas.ts. This file
 * imports nothing: errors.ts reads it.
 */
export const COMMUNITY_ERRORS = {
  'communities.notFound': 'Community not found',
  'communities.postNotFound': 'Post not found',
  'communities.commentNotFound': 'Comment not found',
  'communities.imageNotFound': 'Image not found',
  'communities.memberNotFound': 'Member not found',
  'communities.capReached': 'A club can have at most {{max}} communities',
  'communities.nameTaken': 'The club already has a community called {{name}}',
  'communities.notACandidate': 'The user {{userId}} cannot manage communities of this club (give them the communities role first)',
  'communities.managersFixed': 'Only the club’s community managers choose a community’s managers',
  'communities.notAuthor': 'Only its author can change it',
  'communities.replyToReply': 'A reply cannot be replied to: reply to the comment instead',
  'communities.postClosed': 'This post is closed to comments',
  'communities.imagesCapReached': 'At most {{max}} images can be added',
  'communities.imageMissing': 'Choose an image to upload',
  'communities.notJoined': 'The golfer is not a member of this community',
  'communities.banned': 'The golfer is banned from this community',
  'communities.muted': 'The golfer is muted in this community until {{until}}',
  'communities.unknownGolfer': 'The app user {{appUserId}} is not known to the club',
  'communities.alreadyReported': 'The golfer has reported this already',
  'communities.ownItem': 'A golfer cannot report their own post or comment',
  'communities.muteRange': 'A mute ends after now and at most {{days}} days ahead',
  'communities.notMuted': 'The member is not muted',
  'communities.notBanned': 'The member is not banned',
  'communities.alreadyBanned': 'The member is banned already',
  'communities.golferNotInvitable': 'Only an imported member can be mailed an invitation',
} as const satisfies Record<string, string>;
