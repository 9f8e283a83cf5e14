import { useMutation } from '@tanstack/react-query';
import type { ResetBody } from '@golf/contract/api/session';
import { api } from '../../../lib/api-client';

/** PUT reset_password {email, password, token}. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (body: ResetBody) =>
      api.put<{ ok: true }>('reset_password', { ...body, email: body.email.trim().toLowerCase() }),
  });
}
