import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { COMMUNITY_LIMITS, PostBody, type CommunityPost } from '@golf/contract/api/communities';
import { useCreatePost, useDeletePostImage, useReloadPosts, useUpdatePost, useUploadPostImage } from '../api/communities';
import { ContentForm, type ContentSteps, type ContentTexts } from './content-form';

/** The steps of saving a post: create or update its text, then its images (§4), then reload. */
function usePostSteps(clubId: number, communityId: number, postId?: number): ContentSteps {
  const create = useCreatePost(clubId, communityId);
  const update = useUpdatePost(clubId, communityId);
  const upload = useUploadPostImage(clubId, communityId);
  const removeImage = useDeletePostImage(clubId, communityId);
  const reload = useReloadPosts(clubId, communityId);
  return {
    save: async (text) => (postId === undefined ? (await create.mutateAsync({ text })).id : (await update.mutateAsync({ postId, body: { text } })).id),
    uploadImage: (id, file, onProgress) => upload.mutateAsync({ postId: id, file, onProgress }),
    removeImage: (id, imageId) => removeImage.mutateAsync({ postId: id, imageId }),
    reload,
  };
}

function usePostTexts(editing: boolean): ContentTexts {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      label: editing ? t('communities.posts.text') : t('communities.composer.label'),
      placeholder: editing ? undefined : t('communities.composer.placeholder'),
      submit: editing ? t('common.save') : t('communities.composer.post'),
      busy: editing ? t('common.saving') : t('communities.composer.posting'),
      done: editing ? t('communities.posts.saved') : t('communities.composer.posted'),
      saveFailed: editing ? t('communities.posts.saveFailed') : t('communities.composer.postFailed'),
      imagesFailed: (count: number) => t('communities.posts.imagesFailed', { count }),
      addImages: t('communities.images.add'),
    }),
    [t, editing],
  );
}

/**
 * Write to the community (§4): the text, several images with a preview each (removable before
 * posting); Post creates the post, then uploads each image with its progress, then the list
 * reloads. The members see it in the app.
 */
export function PostComposer({ clubId, communityId }: { clubId: number; communityId: number }) {
  const { t } = useTranslation();
  const steps = usePostSteps(clubId, communityId);
  const texts = usePostTexts(false);
  return (
    <Paper component="section" variant="outlined" aria-labelledby="community-composer-heading" sx={{ p: { xs: 1.5, sm: 2 }, display: 'grid', gap: 1.5 }}>
      <Typography id="community-composer-heading" variant="h3" sx={{ fontSize: '1rem', fontWeight: 600 }}>
        {t('communities.composer.heading')}
      </Typography>
      <ContentForm schema={PostBody} maxText={COMMUNITY_LIMITS.postTextMax} maxImages={COMMUNITY_LIMITS.postImagesMax} steps={steps} texts={texts} rows={3} />
    </Paper>
  );
}

/** Edit one's own post in its card: the text, the images kept (any can be taken off) and new ones. */
export function PostEditor({ clubId, communityId, post, onClose }: { clubId: number; communityId: number; post: CommunityPost; onClose: () => void }) {
  const steps = usePostSteps(clubId, communityId, post.id);
  const texts = usePostTexts(true);
  return (
    <ContentForm
      schema={PostBody}
      maxText={COMMUNITY_LIMITS.postTextMax}
      maxImages={COMMUNITY_LIMITS.postImagesMax}
      initialText={post.text}
      initialImages={post.images}
      steps={steps}
      texts={texts}
      autoFocus
      rows={4}
      onCancel={onClose}
      onDone={onClose}
    />
  );
}
