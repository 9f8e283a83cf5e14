import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LOGO_FIELDS, type Club, type LogoShape } from '@golf/contract/api/clubs';
import { api, clubPath, type UploadProgress } from '../../../lib/api-client';
import { clubKeys } from '../../../lib/current-club';

export interface LogoUpload {
  file: Blob;
  shape: LogoShape;
  onProgress?: UploadProgress;
}

/** POST clubs/{clubId}/logo with the file in round_data or rectangular_data; then the club reloads. */
export function useUploadLogo(clubId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, shape, onProgress }: LogoUpload) =>
      api.upload<Club>(clubPath('logo', clubId), file, onProgress, { fieldName: LOGO_FIELDS[shape] }),
    onSuccess: async (club) => {
      queryClient.setQueryData(clubKeys.detail(clubId), club);
      await queryClient.invalidateQueries({ queryKey: clubKeys.detail(clubId) });
    },
  });
}
