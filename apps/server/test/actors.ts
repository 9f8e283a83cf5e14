import { createUser, DEMO, signIn, type NewUser, type TestApp } from './test-app';

/** A user of the demo seed (README passwords), or 'anonymous': no session, its token is null. */
export type DemoActor = keyof typeof DEMO | 'anonymous';

/** Any other actor: a user to create first (createUser's input), or the [email, password] of one that exists. */
export type OtherActor = NewUser | readonly [email: string, password: string];

/** The bearer token of each actor by name; null for 'anonymous'. */
export type ActorTokens<D extends DemoActor, O extends string> = { [K in D]: K extends 'anonymous' ? null : string } & Record<O, string>;

/**
 * The sign-in part of a suite's preamble. Creates the `others` that are new users (in the order
 * given), then signs every actor in through the API, one after the other (the demo users first),
 * and answers their tokens by name:
 *
 *   tokens = await signInActors(t, ['admin', 'owner', 'staff', 'anonymous'], {
 *     swede: { email: 'swede@example.com', password: 'swede-pw', clubRoles: { [ids.seClubId]: ['club-info'] } },
 *   });
 */
export async function signInActors<D extends DemoActor, O extends string = never>(
  t: TestApp,
  demo: readonly D[],
  others: Record<O, OtherActor> = {} as Record<O, OtherActor>,
): Promise<ActorTokens<D, O>> {
  const logins: [name: string, login: readonly [string, string] | null][] = demo.map((name: DemoActor) => [name, name === 'anonymous' ? null : DEMO[name]]);
  for (const [name, other] of Object.entries<OtherActor>(others)) {
    if ('email' in other) await createUser(t, other);
    logins.push([name, 'email' in other ? [other.email, other.password] : other]);
  }
  const tokens: Record<string, string | null> = {};
  for (const [name, login] of logins) tokens[name] = login ? await signIn(t.app, ...login) : null;
  return tokens as ActorTokens<D, O>;
}
