import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from '@golf/contract/constants';
import { LOCALES } from '@golf/contract/locales';
import type { MailMessage } from './mail';

const { en, da, sv } = LOCALES;

/**
 * One template per mail the server sends. The texts are the `mail.*` keys of the same locale files
 * the web app uses (packages/contract/locales), with i18next's `{{name}}` placeholders; a language
 * the files do not have, or a key missing in one, falls back to English. In the HTML part every
 * interpolated value is escaped.
 */
export type RenderedMail = Pick<MailMessage, 'subject' | 'text'> & { html: string };

type Values = Record<string, string | number>;

const bundles: Record<Language, unknown> = { en, da, sv };

/** The language of a mail for a stored language: one of the locale files, else English. */
export function mailLanguage(language: string | null | undefined): Language {
  return (LANGUAGES as readonly string[]).includes(language ?? '') ? (language as Language) : FALLBACK_LANGUAGE;
}

const COUNTRY_LANGUAGES: Record<string, Language> = { dk: 'da', se: 'sv' };

/** The language of a club's country (clubs.country_code), for recipients without a language of their own. */
export function countryLanguage(countryCode: string | null | undefined): Language {
  return COUNTRY_LANGUAGES[(countryCode ?? '').trim().toLowerCase()] ?? FALLBACK_LANGUAGE;
}

function lookup(bundle: unknown, key: string): string | undefined {
  let node = bundle;
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' && node.trim() ? node : undefined;
}

function message(language: Language, key: string): string {
  const found = lookup(bundles[language], key) ?? lookup(bundles[FALLBACK_LANGUAGE], key);
  if (found === undefined) throw new Error(`No mail text ${key}`);
  return found;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function interpolate(template: string, values: Values, escape: (s: string) => string): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_whole, name: string) => {
    if (!(name in values)) throw new Error(`No value for {{${name}}} in a mail text`);
    return escape(String(values[name]));
  });
}

/** A paragraph from the locale files, or a link on a line of its own. */
type Block = { key: string } | { link: string };

function render(language: Language, name: string, values: Values, blocks: Block[]): RenderedMail {
  const all: Block[] = [{ key: 'mail.greeting' }, ...blocks];
  const plain = (s: string) => s;
  const text = all.map((b) => ('key' in b ? interpolate(message(language, b.key), values, plain) : b.link)).join('\n\n');
  const paragraphs = all.map((b) =>
    'key' in b
      ? `<p>${interpolate(message(language, b.key), values, escapeHtml)}</p>`
      : `<p><a href="${escapeHtml(b.link)}">${escapeHtml(b.link)}</a></p>`,
  );
  return {
    subject: interpolate(message(language, `mail.${name}.subject`), values, plain),
    text: `${text}\n`,
    html: `<!doctype html>\n<html lang="${language}"><head><meta charset="utf-8"></head><body>\n${paragraphs.join('\n')}\n</body></html>\n`,
  };
}

/** POST /api/reset_password: the link to choose a new password. */
export function passwordResetMail(language: string | null | undefined, v: { name: string; link: string; minutes: number }): RenderedMail {
  return render(mailLanguage(language), 'reset', v, [{ key: 'mail.reset.body' }, { link: v.link }, { key: 'mail.reset.ignore' }]);
}

/** POST clubs/{clubId}/users for an account without a password: the link to choose one. */
export function userInvitationMail(
  language: string | null | undefined,
  v: { name: string; club: string; email: string; link: string; days: number },
): RenderedMail {
  return render(mailLanguage(language), 'invitation', v, [{ key: 'mail.invitation.body' }, { link: v.link }, { key: 'mail.invitation.signIn' }]);
}

/** POST clubs/{clubId}/users for an account that has a password: added to the club, sign in as usual. */
export function userAddedMail(language: string | null | undefined, v: { name: string; club: string; email: string; link: string }): RenderedMail {
  return render(mailLanguage(language), 'added', v, [{ key: 'mail.added.body' }, { link: v.link }, { key: 'mail.added.unexpected' }]);
}

/** POST clubs/{clubId}/members/invitations: an imported member is invited to join the club in the app. */
export function memberInvitationMail(
  language: string | null | undefined,
  v: { name: string; club: string; email: string; unionNumber: string },
): RenderedMail {
  return render(mailLanguage(language), 'memberInvitation', v, [{ key: 'mail.memberInvitation.body' }, { key: 'mail.memberInvitation.ignore' }]);
}

/** POST clubs/{clubId}/communities/{communityId}/members/invitations: an imported member is invited to a community. */
export function communityInvitationMail(
  language: string | null | undefined,
  v: { name: string; club: string; community: string; email: string },
): RenderedMail {
  return render(mailLanguage(language), 'communityInvitation', v, [
    { key: 'mail.communityInvitation.body' },
    { key: 'mail.communityInvitation.howToJoin' },
    { key: 'mail.communityInvitation.ignore' },
  ]);
}
