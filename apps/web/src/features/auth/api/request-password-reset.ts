import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST reset_password {email}: mails a reset link when the account exists. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) => api.post<{ ok: true }>('reset_password', { email: email.trim().toLowerCase() }),
  });
}
