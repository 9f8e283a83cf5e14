import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import type { Guide } from '@golf/contract/api/guides';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/loading-state';
import { screenHref } from '../../../config/screens';
import { useCourses, useTees } from '../../../lib/courses/queries';
import { useClubId } from '../../../lib/use-club-id';
import { useGuide } from '../api/guides';
import { GuidePreviewButton } from './guide-preview-dialog';
import { GUIDE_PAGES, guidePageOf, type GuidePage as GuidePageDef } from '../utils/guide-pages';
import { HolesSection } from './holes-section';
import { MarkersSection } from './markers-section';
import { OverviewSection } from './overview-section';
import { FrontPageSection, TextPageSection } from './page-sections';
import { RatingsSection } from './ratings-section';
import { GuideReleaseButton } from './release-dialog';
import { SetupCoursesSection, SetupTeesSection } from './setup-sections';

function hrefOf(page: GuidePageDef, clubId: number, guideId: number): string {
  if ('type' in page) return screenHref('guideCustom', clubId, { guideId, type: page.type });
  return screenHref(page.screen, clubId, { guideId });
}

/**
 * /:clubId/products/:guideId and its pages: the guide's name and products, then one page per
 * part of the set-up and of the printed book, reached through the navigation beside (wide
 * screens) or above (narrow screens) the page.
 */
export function GuidePage() {
  const clubId = useClubId();
  const { guideId: raw } = useParams();
  const guideId = Number(raw);
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const guide = useGuide(clubId, guideId);
  const page = guidePageOf(pathname);

  if (guide.isPending) return <LoadingState rows={6} />;
  if (guide.isError || !page) return <ErrorState error={guide.error} title={t('products.guideLoadFailed')} onRetry={() => void guide.refetch()} />;
  const data = guide.data;

  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 1200 }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={screenHref('products', clubId)} startIcon={<ArrowBackIcon />}>
          {t('products.backToList')}
        </Button>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.35rem', sm: '1.6rem' }, mr: 'auto', overflowWrap: 'anywhere' }} data-testid="guide-title">
          {data.title}
        </Typography>
        {data.courses.map((c) => (
          <Chip key={c.course_id} label={c.name} size="small" />
        ))}
        <Typography variant="body2" color="text.secondary">
          {t('products.version', { version: data.version })}
        </Typography>
        {data.settings.sponsor_setup_id !== null && (
          <Button component={RouterLink} to={screenHref('guideSponsorReport', clubId, { guideId })} variant="outlined">
            {t('products.sponsorReport.open')}
          </Button>
        )}
        <GuidePreviewButton clubId={clubId} guide={data} tab={page.key} />
        <GuideReleaseButton clubId={clubId} guide={data} />
      </Box>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '220px minmax(0, 1fr)' }, alignItems: 'start' }}>
        <Box component="nav" aria-label={t('products.pagesNav')} sx={{ position: { md: 'sticky' }, top: { md: 80 }, borderRight: { md: 1 }, borderBottom: { xs: 1, md: 0 }, borderColor: 'divider' }}>
          <Tabs
            value={page.key}
            orientation={wide ? 'vertical' : 'horizontal'}
            variant="scrollable"
            scrollButtons="auto"
            allowScrollButtonsMobile
            aria-label={t('products.pagesNav')}
          >
            {GUIDE_PAGES.map((p) => (
              <Tab
                key={p.key}
                value={p.key}
                label={t(`products.nav.${p.key}`)}
                component={RouterLink}
                to={hrefOf(p, clubId, guideId)}
                sx={{ alignItems: wide ? 'flex-start' : 'center', textAlign: 'start', minHeight: 44 }}
              />
            ))}
          </Tabs>
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <GuidePageBody clubId={clubId} guide={data} page={page} />
        </Box>
      </Box>
    </Box>
  );
}

function GuidePageBody({ clubId, guide, page }: { clubId: number; guide: Guide; page: GuidePageDef }) {
  const courses = useCourses(clubId);
  const tees = useTees(clubId);
  const { t } = useTranslation();
  // Forms start from the saved guide: a new version (after a save) starts them again.
  const key = `${page.key}-${guide.version}`;
  switch (page.key) {
    case 'overview':
      return <OverviewSection key={key} clubId={clubId} guide={guide} />;
    case 'setupCourses':
    case 'setupTees':
    case 'setupRatings': {
      const query = page.key === 'setupCourses' ? courses : tees;
      if (query.isPending) return <LoadingState rows={4} />;
      if (query.isError) return <ErrorState error={query.error} title={t('products.guideLoadFailed')} onRetry={() => void query.refetch()} />;
      if (page.key === 'setupCourses') return <SetupCoursesSection key={key} clubId={clubId} guide={guide} courses={courses.data ?? []} />;
      if (page.key === 'setupTees') return <SetupTeesSection key={key} clubId={clubId} guide={guide} tees={tees.data ?? []} />;
      return <RatingsSection key={key} clubId={clubId} guide={guide} tees={tees.data ?? []} />;
    }
    case 'setupDistanceMarkers':
      // Each hole is saved on its own: the page keeps its state across the versions its saves make.
      return <MarkersSection key={page.key} clubId={clubId} guide={guide} />;
    case 'holes':
      return <HolesSection key={page.key} clubId={clubId} guide={guide} />;
    case 'frontpage':
      return <FrontPageSection key={key} clubId={clubId} guide={guide} />;
    case 'welcome':
      return <TextPageSection key={key} clubId={clubId} guide={guide} page="welcome" />;
    case 'localRules':
      return <TextPageSection key={key} clubId={clubId} guide={guide} page="local_rules" />;
    case 'backpage':
      return <TextPageSection key={key} clubId={clubId} guide={guide} page="back_page" />;
    default:
      return 'type' in page ? <TextPageSection key={key} clubId={clubId} guide={guide} page={{ custom: page.type }} /> : null;
  }
}
