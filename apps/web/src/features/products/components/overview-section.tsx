import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import {
  BORDER_STYLES,
  generationInProgress,
  GUIDE_PRODUCTS,
  GuideSettings,
  GuideTitle,
  HANDICAP_STYLES,
  HANDICAP_TABLE_FORMATS,
  OVERVIEW_PAGES,
  PRINT_LAYOUT_IDS,
  type Guide,
  type GuideProduct,
} from '@golf/contract/api/guides';
import { LANGUAGES } from '@golf/contract/constants';
import { FormTextField } from '../../../components/form/form-text-field';
import { useGuideFiles } from '../api/generation';
import { useDrawingStyles, usePinSetupChoices, useSponsorSetupChoices } from '../api/guides';
import { FormColour, FormSelect, FormSwitch } from './form-fields';
import { GuideSaveBar, SectionCard, UnsavedChangesGuard, useGuideSave } from './guide-form';
import { ProductActions } from './product-generation';

/**
 * The products of the guide with when each was last made, and whether one is being made (§4).
 * `actions` gives a product's row its buttons: the place where generating and the links to the
 * results are added (issue 10: the generate calls and the job progress are wired in here).
 */
export function GuideProductsCard({ guide, actions }: { guide: Guide; actions?: (product: GuideProduct) => ReactNode }) {
  const { t, i18n } = useTranslation();
  return (
    <SectionCard id="guide-products" title={t('products.products.title')} hint={t('products.products.hint')}>
      <List disablePadding aria-labelledby="guide-products" data-testid="guide-products">
        {GUIDE_PRODUCTS.map((product, i) => {
          const at = guide[`generated_at_${product}`];
          const running = generationInProgress(guide, product);
          return (
            <ListItem key={product} divider={i < GUIDE_PRODUCTS.length - 1} disableGutters sx={{ flexWrap: 'wrap', columnGap: 2 }}>
              <ListItemText
                primary={t(`products.product.${product}`)}
                secondary={
                  // With actions, the progress (and its message) is theirs.
                  running && !actions
                    ? t(`products.generating.${product}`)
                    : at
                      ? t('products.products.generatedAt', { when: new Date(at).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }) })
                      : t('products.products.never')
                }
              />
              {running && <Chip size="small" color="info" label={t('products.products.running')} />}
              {actions && <Box sx={{ flexBasis: '100%', pb: 1 }}>{actions(product)}</Box>}
            </ListItem>
          );
        })}
      </List>
    </SectionCard>
  );
}

const printShape = GuideSettings.shape.print.shape;
const GeneralValues = z.object({
  title: GuideTitle,
  drawing_style_id: GuideSettings.shape.drawing_style_id,
  handicap_style: GuideSettings.shape.handicap_style,
  sponsor_setup_id: GuideSettings.shape.sponsor_setup_id,
  pin_setup_id: GuideSettings.shape.pin_setup_id.unwrap(),
  language: GuideSettings.shape.language.unwrap(),
  border_style: GuideSettings.shape.border_style,
  layout: printShape.layout,
  banner_colour: printShape.banner_colour,
  handicap_table: printShape.handicap_table.unwrap(),
  overview_pages: GuideSettings.shape.overview.shape.pages,
  pages: printShape.pages.extend({ handicap_tables: z.boolean() }),
});
type GeneralValues = z.infer<typeof GeneralValues>;

function generalValues(guide: Guide): GeneralValues {
  const s = guide.settings;
  return {
    title: guide.title,
    drawing_style_id: s.drawing_style_id,
    handicap_style: s.handicap_style,
    sponsor_setup_id: s.sponsor_setup_id,
    pin_setup_id: s.pin_setup_id,
    language: s.language,
    border_style: s.border_style,
    layout: s.print.layout,
    banner_colour: s.print.banner_colour,
    handicap_table: s.print.handicap_table,
    overview_pages: s.overview.pages,
    pages: s.print.pages,
  };
}

/** /products/:guideId — the products of the guide, then its name, theme, styles and the printed book's layout and pages. */
export function OverviewSection({ clubId, guide }: { clubId: number; guide: Guide }) {
  const { t } = useTranslation();
  const styles = useDrawingStyles();
  const setups = useSponsorSetupChoices(clubId);
  const pinSetups = usePinSetupChoices(clubId);
  const guideCourses = new Set(guide.courses.map((c) => c.course_id));
  const setupOptions = [
    { value: '', label: t('products.general.noSponsorSetup') },
    ...(setups.data ?? []).filter((s) => guideCourses.has(s.course_id) || s.id === guide.settings.sponsor_setup_id).map((s) => ({ value: s.id, label: s.name })),
  ];
  const pinSetupOptions = [
    { value: '', label: t('products.general.noPinSetup') },
    ...(pinSetups.data ?? []).filter((s) => guideCourses.has(s.courseId) || s.id === guide.settings.pin_setup_id).map((s) => ({ value: s.id, label: s.name })),
  ];
  const languageOptions = [{ value: '', label: t('products.general.languageOfCountry') }, ...LANGUAGES.map((l) => ({ value: l, label: t(`products.general.language.${l}`) }))];
  const files = useGuideFiles(clubId, guide.guide_id);
  const { save, saving } = useGuideSave(clubId, guide);
  const form = useForm<GeneralValues>({ resolver: zodResolver(GeneralValues), defaultValues: generalValues(guide) });
  const { control, handleSubmit, reset, formState } = form;

  const onSubmit = handleSubmit(async (v) => {
    const s = guide.settings;
    await save({
      title: v.title,
      settings: {
        ...s,
        drawing_style_id: v.drawing_style_id,
        handicap_style: v.handicap_style,
        sponsor_setup_id: v.sponsor_setup_id,
        pin_setup_id: v.pin_setup_id,
        language: v.language,
        border_style: v.border_style,
        overview: { ...s.overview, pages: v.overview_pages },
        print: { ...s.print, layout: v.layout, banner_colour: v.banner_colour, handicap_table: v.handicap_table, pages: v.pages },
      },
    });
  });

  const option = (group: string) => (value: string) => ({ value, label: t(`products.options.${group}.${value}`) });
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <GuideProductsCard guide={guide} actions={(product) => <ProductActions clubId={clubId} guide={guide} product={product} files={files} />} />
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 3 }}>
        <SectionCard id="guide-general" title={t('products.general.title')} hint={t('products.general.hint')}>
          <FormTextField control={control} name="title" label={t('products.fields.title')} required slotProps={{ htmlInput: { maxLength: 140 } }} />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <FormSelect
              control={control}
              name="drawing_style_id"
              numeric
              label={t('products.fields.theme')}
              options={(styles.data ?? [{ id: guide.settings.drawing_style_id, name: String(guide.settings.drawing_style_id) }]).map((s) => ({ value: s.id, label: s.name }))}
            />
            <FormSelect control={control} name="handicap_style" label={t('products.fields.handicapStyle')} options={HANDICAP_STYLES.map(option('handicap'))} />
            <FormSelect control={control} name="border_style" label={t('products.fields.borderStyle')} options={BORDER_STYLES.map(option('border'))} />
            <FormSelect
              control={control}
              name="sponsor_setup_id"
              numeric
              label={t('products.fields.sponsorSetup')}
              options={setupOptions}
              helperText={setups.isError ? t('products.general.sponsorSetupsFailed') : t('products.general.sponsorSetupHint')}
            />
            <FormSelect
              control={control}
              name="pin_setup_id"
              numeric
              label={t('products.fields.pinSetup')}
              options={pinSetupOptions}
              helperText={pinSetups.isError ? t('products.general.pinSetupsFailed') : t('products.general.pinSetupHint')}
            />
            <FormSelect control={control} name="language" nullable label={t('products.fields.language')} options={languageOptions} helperText={t('products.general.languageHint')} />
          </Box>
        </SectionCard>
        <SectionCard id="guide-print" title={t('products.print.title')} hint={t('products.print.hint')}>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <FormSelect control={control} name="layout" label={t('products.fields.layout')} options={PRINT_LAYOUT_IDS.map(option('layout'))} helperText={t('products.print.layoutHint')} />
            <FormColour control={control} name="banner_colour" label={t('products.fields.bannerColour')} />
            <FormSelect control={control} name="overview_pages" label={t('products.fields.overviewPages')} options={OVERVIEW_PAGES.map(option('overviewPages'))} />
            <FormSelect control={control} name="handicap_table" label={t('products.fields.handicapTable')} options={HANDICAP_TABLE_FORMATS.map(option('handicapTable'))} helperText={t('products.print.handicapTableHint')} />
          </Box>
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'flex', flexWrap: 'wrap', columnGap: 3 }}>
            <Box component="legend" sx={{ typography: 'subtitle2', mb: 1 }}>
              {t('products.print.pages')}
            </Box>
            {(['front_page', 'welcome', 'overview', 'holes', 'local_rules', 'handicap_tables', 'back_page'] as const).map((page) => (
              <FormSwitch key={page} control={control} name={`pages.${page}`} label={t(`products.print.page.${page}`)} />
            ))}
          </Box>
        </SectionCard>
        <GuideSaveBar dirty={formState.isDirty} saving={saving} problems={formState.submitCount > 0 && Object.keys(formState.errors).length > 0} onDiscard={() => reset(generalValues(guide))} />
        <UnsavedChangesGuard dirty={formState.isDirty} saving={saving} />
      </Box>
    </Box>
  );
}
