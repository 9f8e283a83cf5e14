/** The printed pages with texts: front page (or a custom image), welcome, local rules, back page, custom pages. */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { GuideSettings, IMAGE_OPTIONS, type CustomPageType, type Guide } from '@golf/contract/api/guides';
import { IMAGE_ACCEPT, IMAGE_UPLOAD } from '@golf/contract/api/images';
import { FormTextField } from '../../../components/form/form-text-field';
import { FileDropZone } from '../../../components/ui/file-drop-zone';
import { formatFileSize } from '../../../lib/image-file';
import { FormSelect, FormSwitch } from './form-fields';
import { GuideSaveBar, SectionCard, UnsavedChangesGuard, useGuideSave } from './guide-form';
import { UploadProgress, useGuideImageSender } from './guide-image-upload';

/** The text pages and the part of the settings each one edits. */
export type TextPage = 'welcome' | 'local_rules' | 'back_page' | { custom: CustomPageType };

interface Values {
  enabled: boolean;
  title: string;
  text: string;
  signature: string;
}

function pageSchema(page: TextPage) {
  const s = GuideSettings.shape;
  if (typeof page === 'object') return s.custom_pages.shape[page.custom].extend({ signature: z.string() });
  if (page === 'welcome') return s.welcome.extend({ enabled: z.boolean() });
  return s[page].extend({ enabled: z.boolean(), signature: z.string() });
}

function valuesOf(guide: Guide, page: TextPage): Values {
  const s = guide.settings;
  if (typeof page === 'object') return { ...s.custom_pages[page.custom], signature: '' };
  const pages = s.print.pages;
  if (page === 'welcome') return { ...s.welcome, enabled: pages.welcome };
  return { ...s[page], signature: '', enabled: pages[page] };
}

/** One text page of the printed guide: printed or not, its heading and text (the welcome page also its signature). */
export function TextPageSection({ clubId, guide, page }: { clubId: number; guide: Guide; page: TextPage }) {
  const { t } = useTranslation();
  const { saveSettings, saving } = useGuideSave(clubId, guide);
  const initial = valuesOf(guide, page);
  const { control, handleSubmit, reset, formState } = useForm<Values>({ resolver: zodResolver(pageSchema(page) as unknown as z.ZodType<Values, Values>), defaultValues: initial });
  const key = typeof page === 'object' ? `custom.${page.custom}` : page;
  const s = guide.settings;

  const onSubmit = handleSubmit(async (v) => {
    if (typeof page === 'object') await saveSettings({ custom_pages: { ...s.custom_pages, [page.custom]: { enabled: v.enabled, title: v.title, text: v.text } } });
    else if (page === 'welcome') await saveSettings({ welcome: { title: v.title, text: v.text, signature: v.signature }, print: { ...s.print, pages: { ...s.print.pages, welcome: v.enabled } } });
    else await saveSettings({ [page]: { title: v.title, text: v.text }, print: { ...s.print, pages: { ...s.print.pages, [page]: v.enabled } } });
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 3 }}>
      <SectionCard id={`guide-page-${key}`} title={t(`products.pages.${key}.title`)} hint={t(`products.pages.${key}.hint`)}>
        <FormSwitch control={control} name="enabled" label={t('products.pages.printed')} />
        <FormTextField control={control} name="title" label={t('products.pages.heading')} slotProps={{ htmlInput: { maxLength: 140 } }} />
        <FormTextField control={control} name="text" label={t('products.pages.text')} multiline minRows={page === 'local_rules' ? 10 : 6} maxRows={24} />
        {page === 'welcome' && <FormTextField control={control} name="signature" label={t('products.pages.signature')} slotProps={{ htmlInput: { maxLength: 140 } }} />}
      </SectionCard>
      <GuideSaveBar dirty={formState.isDirty} saving={saving} problems={formState.submitCount > 0 && Object.keys(formState.errors).length > 0} onDiscard={() => reset(initial)} />
      <UnsavedChangesGuard dirty={formState.isDirty} saving={saving} />
    </Box>
  );
}

const FrontValues = GuideSettings.shape.front_page.extend({ enabled: z.boolean() });
type FrontValues = z.infer<typeof FrontValues>;

/** /frontpage — title, subtitle and text; or a custom image, which replaces the texts (§5). */
export function FrontPageSection({ clubId, guide }: { clubId: number; guide: Guide }) {
  const { t, i18n } = useTranslation();
  const { saveSettings, saving } = useGuideSave(clubId, guide);
  const { send, removeImage, progress, busy } = useGuideImageSender(clubId, guide.guide_id, {
    saved: t('products.frontpage.imageSaved'),
    removed: t('products.frontpage.imageRemoved'),
    failed: t('products.frontpage.imageFailed'),
  });
  const initial: FrontValues = { ...guide.settings.front_page, enabled: guide.settings.print.pages.front_page };
  const { control, handleSubmit, reset, formState } = useForm<FrontValues>({ resolver: zodResolver(FrontValues), defaultValues: initial });
  const image = guide.front_page_image_url;

  const onSubmit = handleSubmit(async ({ enabled, ...front }) => {
    await saveSettings({ front_page: front, print: { ...guide.settings.print, pages: { ...guide.settings.print.pages, front_page: enabled } } });
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 3 }}>
      <SectionCard id="guide-front-image" title={t('products.frontpage.imageTitle')} hint={t('products.frontpage.imageHint')}>
        <FileDropZone
          accept={IMAGE_ACCEPT}
          onFiles={([file]) => void send({ kind: 'front_page_image' }, file)}
          buttonLabel={image ? t('products.frontpage.replaceImage') : t('products.frontpage.chooseImage')}
          disabled={busy}
          caption={t('products.image.formats', { size: formatFileSize(IMAGE_UPLOAD.maxBytes, i18n.language) })}
          inputProps={{ 'aria-label': t('products.frontpage.chooseImage') }}
          start={
            image ? (
              <Box component="img" src={image} alt={t('products.frontpage.currentImage')} sx={{ width: 120, height: 170, objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider' }} />
            ) : undefined
          }
        >
          <UploadProgress progress={progress} />
        </FileDropZone>
        {image && (
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
            <Box sx={{ minWidth: 220, flex: '0 1 320px' }}>
              <FormSelect control={control} name="image_option" label={t('products.fields.imageOption')} options={IMAGE_OPTIONS.map((v) => ({ value: v, label: t(`products.options.image.${v}`) }))} />
            </Box>
            <Button
              color="error"
              disabled={busy}
              onClick={() => void removeImage({ kind: 'front_page_image' })}
            >
              {t('products.frontpage.removeImage')}
            </Button>
          </Box>
        )}
      </SectionCard>
      <SectionCard id="guide-front-texts" title={t('products.frontpage.textsTitle')}>
        {image && (
          <Alert severity="info" data-testid="front-texts-disabled">
            {t('products.frontpage.textsDisabled')}
          </Alert>
        )}
        <FormSwitch control={control} name="enabled" label={t('products.pages.printed')} />
        <FormTextField control={control} name="title" label={t('products.frontpage.heading')} disabled={!!image} slotProps={{ htmlInput: { maxLength: 140 } }} />
        <FormTextField control={control} name="subtitle" label={t('products.frontpage.subtitle')} disabled={!!image} slotProps={{ htmlInput: { maxLength: 140 } }} />
        <FormTextField control={control} name="text" label={t('products.pages.text')} disabled={!!image} multiline minRows={3} maxRows={12} />
      </SectionCard>
      <GuideSaveBar dirty={formState.isDirty} saving={saving} problems={formState.submitCount > 0 && Object.keys(formState.errors).length > 0} onDiscard={() => reset(initial)} />
      <UnsavedChangesGuard dirty={formState.isDirty} saving={saving} />
    </Box>
  );
}
