import { useMutation } from '@tanstack/react-query';
import { session } from '../../../lib/auth/session';

export interface LoginInput {
  username: string;
  password: string;
}

/** POST authenticate, then the profile (the session store does both). */
export function useLogin() {
  return useMutation({
    mutationFn: ({ username, password }: LoginInput) => session.signIn(username, password),
  });
}
