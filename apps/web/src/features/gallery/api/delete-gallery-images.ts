import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GalleryImage } from '@golf/contract/api/gallery';
import { api, clubPath } from '../../../lib/api-client';
import { galleryKeys } from './get-gallery';

/**
 * DELETE clubs/{clubId}/gallery/{id} for each selected image (§4); each deleted image is purged
 * from the list. An empty selection does nothing (§5).
 */
export function useDeleteGalleryImages(clubId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: readonly number[]) => {
      const deleted: number[] = [];
      const failed: { id: number; error: unknown }[] = [];
      for (const id of ids) {
        try {
          await api.delete(clubPath(`gallery/${id}`, clubId));
          deleted.push(id);
          queryClient.setQueryData<GalleryImage[]>(galleryKeys.list(clubId), (list) => list?.filter((image) => image.id !== id));
        } catch (error) {
          failed.push({ id, error });
        }
      }
      return { deleted, failed };
    },
    onSettled: (_data, _error, ids) => (ids.length ? queryClient.invalidateQueries({ queryKey: galleryKeys.list(clubId) }) : undefined),
  });
}
