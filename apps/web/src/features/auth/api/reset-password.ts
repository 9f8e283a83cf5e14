import type { ResetBody } from '@golf/contract/api/session';
import { api } from '../../../lib/api-client';
import { useAction } from './use-action';

const resetPassword = (body: ResetBody) =>
  api.put<{ ok: true }>('reset_password', { ...body, email: body.email.trim().toLowerCase() });

/** PUT reset_password {email, password, token}. */
export function useResetPassword() {
  return useAction(resetPassword);
}
