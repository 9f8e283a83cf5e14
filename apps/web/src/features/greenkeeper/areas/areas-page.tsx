import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { AreaUnit, ClubAreas } from '@golf/contract/api/greenkeeper';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/loading-state';
import { useClubId } from '../../../lib/use-club-id';
import { useViewParam } from '../../../lib/use-view-param';
import { useClubAreas } from './api/areas';
import { AreaHistoryCard } from './components/area-history';
import { AreaMatrixCard } from './components/area-matrix';
import { AreasPrint } from './components/areas-print';
import { ALL_COURSES, AreasToolbar } from './components/areas-toolbar';
import { ElementTotals } from './components/element-totals';
import { areaFormat, courseMatrix, holeMatrix, storedUnit, storeUnit } from './utils/areas';

const VIEWS = ['areas', 'print'] as const;

/**
 * /:clubId/greenkeeper/areas (§2, issue 25): the drawn surfaces of a course per hole and in total,
 * for each element its count and area in ha or m² (the unit remembered in this browser), a chart of
 * the course's make-up, CSV and XLSX exports, a printable page, and the areas' history: two dates
 * compared per element and fairway and rough over the season. The course is kept in the address
 * (`?course=`, or `all` for every course together).
 */
export function AreasPage() {
  const { t } = useTranslation();
  const clubId = useClubId();
  const areas = useClubAreas(clubId);

  if (areas.isPending) return <LoadingState rows={8} />;
  if (areas.isError) return <ErrorState error={areas.error} title={t('greenkeeper.areas.loadFailed')} onRetry={() => void areas.refetch()} />;
  if (areas.data.courses.length === 0) {
    return (
      <Card>
        <EmptyState title={t('greenkeeper.areas.noCourses')}>
          <Typography variant="body2">{t('greenkeeper.areas.noCoursesHint')}</Typography>
        </EmptyState>
      </Card>
    );
  }
  return <AreasView clubId={clubId} club={areas.data} />;
}

function AreasView({ clubId, club }: { clubId: number; club: ClubAreas }) {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [view, setView] = useViewParam(VIEWS);
  const [unit, setUnit] = useState<AreaUnit>(storedUnit);
  const format = areaFormat(i18n.language, unit);

  const asked = params.get('course');
  const all = asked === ALL_COURSES && club.courses.length > 1;
  const course = all ? null : (club.courses.find((c) => String(c.courseId) === asked) ?? club.courses[0]!);
  const select = (value: string) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        copy.set('course', value);
        return copy;
      },
      { replace: true },
    );
  const changeUnit = (next: AreaUnit) => {
    setUnit(next);
    storeUnit(next);
  };

  const totals = course ? course.totals : club.totals;
  const matrix = course ? holeMatrix(course) : courseMatrix(club);
  const kind = course ? 'hole' : 'course';
  const totalLabel = course ? t('greenkeeper.areas.courseTotal') : t('greenkeeper.areas.allCourses');
  const heading = t('greenkeeper.areas.heading', { course: course?.name ?? t('greenkeeper.areas.allCourses') });

  if (view === 'print') {
    return <AreasPrint heading={heading} totals={totals} matrix={matrix} kind={kind} totalLabel={totalLabel} format={format} onBack={() => setView('areas')} />;
  }

  const drawnAt = course?.drawnAt ?? null;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }} data-testid="areas-page">
      <AreasToolbar clubId={clubId} courses={club.courses} selected={course} onSelect={select} unit={unit} onUnit={changeUnit} onPrint={() => setView('print')} />
      <Box>
        <Typography variant="h2" sx={{ fontSize: { xs: '1.25rem', sm: '1.4rem' }, fontWeight: 600, overflowWrap: 'anywhere' }}>
          {heading}
        </Typography>
        {course && (
          <Typography variant="body2" color="text.secondary">
            {drawnAt
              ? t('greenkeeper.areas.drawnAt', { date: new Date(drawnAt).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }), holes: course.holes.length, count: course.holes.length })
              : t('greenkeeper.areas.holesOnly', { count: course.holes.length })}
          </Typography>
        )}
      </Box>
      {totals.length === 0 ? (
        <Card>
          <EmptyState title={t('greenkeeper.areas.nothingDrawn', { course: course?.name ?? t('greenkeeper.areas.allCourses') })}>
            <Typography variant="body2">{t('greenkeeper.areas.nothingDrawnHint')}</Typography>
          </EmptyState>
        </Card>
      ) : (
        <>
          <ElementTotals
            totals={totals}
            format={format}
            title={course ? t('greenkeeper.areas.totalsTitle') : t('greenkeeper.areas.clubTotalsTitle')}
            hint={t('greenkeeper.areas.totalsHint')}
          />
          <AreaMatrixCard matrix={matrix} format={format} kind={kind} totalLabel={totalLabel} />
        </>
      )}
      <AreaHistoryCard clubId={clubId} courseId={course?.courseId ?? null} format={format} />
    </Box>
  );
}
