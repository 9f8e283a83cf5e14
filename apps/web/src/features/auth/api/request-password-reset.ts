import { api } from '../../../lib/api-client';
import { useAction } from './use-action';

const requestReset = (email: string) => api.post<{ ok: true }>('reset_password', { email: email.trim().toLowerCase() });

/** POST reset_password {email}: mails a reset link when the account exists. */
export function useRequestPasswordReset() {
  return useAction(requestReset);
}
