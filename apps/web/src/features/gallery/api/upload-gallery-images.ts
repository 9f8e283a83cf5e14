import { useMutation, useQueryClient } from '@tanstack/react-query';
import { GALLERY_FILE_FIELD, type GalleryImage } from '@golf/contract/api/gallery';
import { api, clubPath } from '../../../lib/api-client';
import { galleryKeys } from './get-gallery';

export interface UploadResult {
  uploaded: GalleryImage[];
  failed: { file: File; error: unknown }[];
}

/** Overall progress in percent when `done` bytes are sent and the current file is `percent` through. */
export function overallProgress(sizes: readonly number[], index: number, percent: number): number {
  const total = sizes.reduce((a, b) => a + b, 0);
  if (total === 0) return 100;
  const done = sizes.slice(0, index).reduce((a, b) => a + b, 0) + (sizes[index] ?? 0) * (percent / 100);
  return Math.min(100, Math.round((done / total) * 100));
}

/**
 * POST clubs/{clubId}/gallery, one file after the other (field `data`). Each stored image is
 * added to the cached list as it arrives; failures are collected, not thrown.
 */
export function useUploadGalleryImages(clubId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ files, onProgress }: { files: File[]; onProgress?: (percent: number, index: number) => void }) => {
      const result: UploadResult = { uploaded: [], failed: [] };
      const sizes = files.map((f) => f.size);
      for (const [index, file] of files.entries()) {
        onProgress?.(overallProgress(sizes, index, 0), index);
        try {
          const image = await api.upload<GalleryImage>(clubPath('gallery', clubId), file, (p) => onProgress?.(overallProgress(sizes, index, p), index), {
            fieldName: GALLERY_FILE_FIELD,
          });
          result.uploaded.push(image);
          queryClient.setQueryData<GalleryImage[]>(galleryKeys.list(clubId), (list) => (list ? [...list, image] : list));
        } catch (error) {
          result.failed.push({ file, error });
        }
      }
      onProgress?.(100, files.length - 1);
      return result;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: galleryKeys.list(clubId) }),
  });
}
