import { session } from '../../../lib/auth/session';
import { useAction } from './use-action';

export interface LoginInput {
  username: string;
  password: string;
}

const signIn = ({ username, password }: LoginInput) => session.signIn(username, password);

/** POST authenticate, then the profile (the session store does both). */
export function useLogin() {
  return useAction(signIn);
}
