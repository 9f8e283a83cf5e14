import { paths } from '../../../config/paths';

/**
 * Where to go after sign-in (§2): the remembered path, unless it is empty, '/', the sign-in page
 * or a password-reset link; then the default club's home. Only same-site paths are followed.
 */
export function redirectAfterLogin(nextPathName: string | null | undefined, defaultClubId: number | null): string {
  const home = defaultClubId !== null ? paths.club.home(defaultClubId) : paths.landing.build();
  const next = (nextPathName ?? '').trim();
  if (!next || next === '/') return home;
  if (!next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return home;
  const pathname = next.split(/[?#]/)[0].replace(/\/+$/, '') || '/';
  if (pathname === '/' || pathname === paths.signIn.pattern) return home;
  if (pathname.startsWith(paths.resetPassword.prefix)) return home;
  return next;
}
