import { useMutation } from '@tanstack/react-query';
import type { Profile, ProfileUpdateBody } from '@golf/contract/api/session';
import { api } from '../../../lib/api-client';
import { session } from '../../../lib/auth/session';

/** PUT users/{id} with the whole profile; on success the profile reloads (and with it the language). */
export function useUpdateProfile() {
  return useMutation({
    mutationFn: (body: ProfileUpdateBody) => api.put<Profile>(`users/${body.id}`, body),
    onSuccess: () => session.reloadProfile(),
  });
}
