import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ASSET_UPLOAD_FIELDS,
  type Asset,
  type AssetBundle,
  type AssetCategory,
  type AssetCategorySummary,
  type AssetUpload,
} from '@golf/contract/api/assets';
import { api, type UploadProgress } from '../../../lib/api-client';

/** Every assets query starts with 'assets': a change reloads them all (a publish changes bundles, uploads and lists). */
export const assetKeys = {
  all: ['assets'] as const,
  categories: ['assets', 'categories'] as const,
  category: (category: AssetCategory) => ['assets', 'categories', category] as const,
  club: (clubId: number) => ['assets', 'clubs', clubId] as const,
  bundles: ['assets', 'bundles'] as const,
  uploads: ['assets', 'uploads'] as const,
};

/** GET assets/categories: each category with its count of platform assets. */
export function useAssetCategories() {
  return useQuery({ queryKey: assetKeys.categories, queryFn: ({ signal }) => api.get<AssetCategorySummary[]>('assets/categories', { signal }) });
}

/** GET assets/categories/{category}: the platform assets of one category, by path. */
export function useCategoryAssets(category: AssetCategory) {
  return useQuery({ queryKey: assetKeys.category(category), queryFn: ({ signal }) => api.get<Asset[]>(`assets/categories/${category}`, { signal }) });
}

/** GET assets/{clubId}: the club's own assets, by element name and path. */
export function useClubAssets(clubId: number) {
  return useQuery({ queryKey: assetKeys.club(clubId), queryFn: ({ signal }) => api.get<Asset[]>(`assets/${clubId}`, { signal }) });
}

/** GET assets/bundles: the published bundles, by name. */
export function useAssetBundles() {
  return useQuery({ queryKey: assetKeys.bundles, queryFn: ({ signal }) => api.get<AssetBundle[]>('assets/bundles', { signal }) });
}

/** GET assets/uploads: the checked uploads waiting, each with its preview. */
export function useAssetUploads() {
  return useQuery({ queryKey: assetKeys.uploads, queryFn: ({ signal }) => api.get<AssetUpload[]>('assets/uploads', { signal }) });
}

/** Reloads every assets list (§4: 'upload all bundles, then reload'). */
export function useAssetsChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: assetKeys.all });
}

/** POST assets/upload (multipart: the name, then the zip) with progress; the lists are reloaded by the caller once all are done. */
export function uploadBundle(name: string, file: Blob, onProgress?: UploadProgress, signal?: AbortSignal): Promise<AssetUpload> {
  const form = new FormData();
  form.append(ASSET_UPLOAD_FIELDS.name, name);
  form.append(ASSET_UPLOAD_FIELDS.file, file, file instanceof File ? file.name : `${name}.zip`);
  return api.upload<AssetUpload>('assets/upload', form, onProgress, { signal });
}

/** POST assets/uploads/{id}/publish. */
export function usePublishUpload() {
  const changed = useAssetsChanged();
  return useMutation({ mutationFn: (id: number) => api.post<AssetBundle>(`assets/uploads/${id}/publish`), onSettled: changed });
}

/** DELETE assets/uploads/{id}: discard an upload. */
export function useDiscardUpload() {
  const changed = useAssetsChanged();
  return useMutation({ mutationFn: (id: number) => api.delete<null>(`assets/uploads/${id}`), onSettled: changed });
}

/** DELETE assets/upload/{name}: delete a published bundle. */
export function useDeleteBundle() {
  const changed = useAssetsChanged();
  return useMutation({ mutationFn: (name: string) => api.delete<null>(`assets/upload/${encodeURIComponent(name)}`), onSettled: changed });
}
