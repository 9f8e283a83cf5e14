import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GalleryImage } from '@golf/contract/api/gallery';
import { api, clubPath } from '../../../lib/api-client';

export const galleryKeys = {
  all: ['gallery'] as const,
  list: (clubId: number) => [...galleryKeys.all, clubId] as const,
};

export function galleryQueryOptions(clubId: number) {
  return queryOptions({
    queryKey: galleryKeys.list(clubId),
    queryFn: ({ signal }) => api.get<GalleryImage[]>(clubPath('gallery', clubId), { signal }),
  });
}

/** GET clubs/{clubId}/gallery */
export function useGallery(clubId: number) {
  return useQuery(galleryQueryOptions(clubId));
}
