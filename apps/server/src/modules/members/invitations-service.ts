/** Invitations to imported members: claimed once, mailed in the club's language, throttled (not mailed again within 24 hours; §5, §9). */
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  INVITATION_THROTTLE_MS,
  type SkipReason,
} from '@golf/contract/api/members';
import { clubMembers, clubs } from '../../db/schema/index';
import type { Db } from '../../platform/database';
import { HttpError } from '../../platform/errors';
import type { Mailer } from '../../platform/mail';
import { countryLanguage, memberInvitationMail } from '../../platform/mail-templates';

interface ClaimedRow extends Record<string, unknown> {
  id: number;
  email: string;
  first_name: string;
  union_number: string;
  old_status: string;
  old_invited_at: Date | null;
}

/**
 * POST clubs/{clubId}/members/invitations: mails the chosen members who have not joined and were
 * not mailed in the last 24 hours (§5, §9). The rows are claimed first (status 'invited', mailed
 * now) so two requests never mail the same member twice; a mail that fails is put back.
 */
export async function inviteMembers(
  deps: { db: Db; mailer: Mailer; log: (err: unknown) => void },
  clubId: number,
  ids: number[],
): Promise<{ sent: number; skipped: { id: number; reason: SkipReason }[] }> {
  const unique = [...new Set(ids)];
  const [club] = await deps.db.select({ name: clubs.name, countryCode: clubs.countryCode }).from(clubs).where(eq(clubs.id, clubId));
  const throttle = new Date(Date.now() - INVITATION_THROTTLE_MS);
  const claimed = (
    await deps.db.execute<ClaimedRow>(sql`
      -- the members invitationRefusal (contract) answers null for: not joined, not banned, not recently mailed
      with target as (
        select id, status as old_status, last_invited_at as old_invited_at from club_members
        where club_id = ${clubId} and id = any(${sql.param(unique)}::int[])
          and status in ('imported', 'invited') and (last_invited_at is null or last_invited_at <= ${throttle})
        for update)
      update club_members m set status = 'invited', last_invited_at = now(), updated_at = now()
      from target where m.id = target.id
      returning m.id, m.email, m.first_name, m.union_number, target.old_status, target.old_invited_at`)
  ).rows;
  const claimedIds = new Set(claimed.map((r) => r.id));
  const others = unique.filter((id) => !claimedIds.has(id));
  const skipped: { id: number; reason: SkipReason }[] = [];
  if (others.length) {
    const rows = await deps.db
      .select({ id: clubMembers.id, status: clubMembers.status })
      .from(clubMembers)
      .where(and(eq(clubMembers.clubId, clubId), inArray(clubMembers.id, others)));
    const status = new Map(rows.map((r) => [r.id, r.status]));
    for (const id of others) {
      const s = status.get(id);
      skipped.push({ id, reason: s === undefined ? 'not_found' : s === 'member' ? 'joined' : s === 'banned' ? 'banned' : 'recently_mailed' });
    }
  }
  let sent = 0;
  // Members have no language of their own: they get the language of the club's country (dk: Danish,
  // se: Swedish), else English. A claimed member means the club exists (club_members.club_id).
  const language = countryLanguage(club?.countryCode);
  for (const member of claimed) {
    try {
      const mail = memberInvitationMail(language, {
        name: member.first_name || member.email,
        club: club?.name ?? '',
        email: member.email,
        unionNumber: member.union_number,
      });
      await deps.mailer.send({ to: member.email, ...mail });
      sent++;
    } catch (err) {
      deps.log(err);
      skipped.push({ id: member.id, reason: 'mail_failed' });
      await deps.db
        .update(clubMembers)
        .set({ status: member.old_status, lastInvitedAt: member.old_invited_at ? new Date(member.old_invited_at) : null })
        .where(eq(clubMembers.id, member.id));
    }
  }
  if (claimed.length > 0 && sent === 0) throw new HttpError(502, 'members.mailsFailed');
  return { sent, skipped };
}
