import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Hole } from '@golf/contract/api/courses';
import type { Tracking, TrackingGroup, TrackingRef } from '@golf/contract/api/greenkeeper';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/loading-state';
import { useCourses, useTees } from '../../../lib/courses/queries';
import { errorText } from '../../../lib/error-text';
import { elementLabel as catalogueLabel } from '../../../lib/graphics-names';
import { useElementsForEdit } from '../../../lib/map/graphics-queries';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { useClubId } from '../../../lib/use-club-id';
import { useChangeTrackings, useDescriptions, useTrackingGroups, useTrackings } from './api/tech-map';
import { Descriptions } from './components/descriptions';
import { ElementFilters, ElementList } from './components/element-filters';
import { ElementInfo } from './components/element-info';
import { GroupsPanel } from './components/groups-panel';
import { HoleTexts } from './components/hole-texts';
import { LogBook } from './components/log-book';
import type { TechMapMarks } from './map/tech-map-controller';
import { changesFor, elementNamesOf, filtering, filterTrackings, NO_FILTERS, refOf, type TrackingFilters } from './utils/filters';

const TechMapView = lazy(() => import('./components/tech-map-view'));

type GroupTab = 'log' | 'descriptions' | 'holes';

/** The same list as before when the elements are the same ones (a change of their groups keeps the map as it is). */
function useStableTrackings(list: readonly Tracking[] | undefined): readonly Tracking[] | undefined {
  const signature = list ? list.map((t) => t.id).join('\n') : null;
  // Kept while the elements are the same ones: the list of the first answer with these ids.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => list, [signature]);
}

/**
 * /:clubId/greenkeeper/techmap — the tech map (§2, issue 25): a course's drawn elements on the map;
 * tracking groups ('Greens mowed Monday') made of elements chosen on the map or by the filters;
 * an info box for a clicked element; per group a log book with images, descriptions and hole texts.
 */
export function TechMapPage() {
  const { t } = useTranslation();
  const clubId = useClubId();
  const snackbar = useSnackbar();
  const [params, setParams] = useSearchParams();
  const courses = useCourses(clubId);
  const tees = useTees(clubId);
  const elements = useElementsForEdit(clubId);
  const groups = useTrackingGroups(clubId);
  const descriptions = useDescriptions(clubId);
  const change = useChangeTrackings(clubId);

  const courseList = courses.data ?? [];
  const askedCourse = Number(params.get('course'));
  const course = courseList.find((c) => c.id === askedCourse) ?? courseList[0] ?? null;
  const trackings = useTrackings(clubId, course?.id ?? null);
  const stable = useStableTrackings(trackings.data);
  const askedGroup = Number(params.get('group'));
  const activeGroup: TrackingGroup | null = (groups.data ?? []).find((g) => g.id === askedGroup) ?? null;

  const [filters, setFilters] = useState<TrackingFilters>(NO_FILTERS);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [selecting, setSelecting] = useState(false);
  const [focus, setFocus] = useState<{ id: string; at: number } | null>(null);
  const [focusMatches, setFocusMatches] = useState(0);
  const [tab, setTab] = useState<GroupTab>('log');

  const setParam = (name: string, value: number | null) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (value === null) copy.delete(name);
        else copy.set(name, String(value));
        return copy;
      },
      { replace: true },
    );

  const holes = useMemo(() => course?.holes ?? [], [course]);
  const holeById = useMemo(() => new Map(holes.map((h) => [h.id, h])), [holes]);
  const holeText = useCallback(
    (hole: Hole) => (hole.name && hole.name !== `Hole ${hole.order}` ? t('greenkeeper.techmap.holeNamed', { number: hole.order, name: hole.name }) : t('greenkeeper.techmap.hole', { number: hole.order })),
    [t],
  );
  const holeLabel = useCallback(
    (holeId: number) => {
      const hole = holeById.get(holeId);
      return hole ? holeText(hole) : t('greenkeeper.techmap.hole', { number: '?' });
    },
    [holeById, holeText, t],
  );
  const elementLabel = useCallback((name: string) => catalogueLabel(t, name), [t]);
  const teeName = (teeId: number | null) => (teeId === null ? null : ((tees.data ?? []).find((x) => x.id === teeId)?.name ?? null));

  const all = useMemo(() => trackings.data ?? [], [trackings.data]);
  const active = filtering(filters);
  const found = useMemo(
    () => (filtering(filters) ? filterTrackings(all, filters, { elementLabel, holeLabel, descriptions: descriptions.data ?? [] }) : all),
    [all, filters, elementLabel, holeLabel, descriptions.data],
  );
  const elementNames = elementNamesOf(all, elementLabel);
  const selected = selectedId ? (all.find((x) => x.id === selectedId) ?? null) : null;

  const groupIds = useMemo(() => (activeGroup ? new Set(all.filter((x) => x.trackingGroupIds.includes(activeGroup.id)).map((x) => x.id)) : null), [all, activeGroup]);
  const matchIds = useMemo(() => new Set(active ? found.map((x) => x.id) : []), [active, found]);
  const marks = useMemo<TechMapMarks>(() => ({ group: activeGroup && groupIds ? { color: activeGroup.color, ids: groupIds } : null, matches: matchIds, selected: selectedId }), [activeGroup, groupIds, matchIds, selectedId]);
  const mapHoles = useMemo(() => holes.map((h) => ({ holeId: h.id, number: h.order })), [holes]);

  const send = async (group: TrackingGroup, add: TrackingRef[], remove: TrackingRef[], done: string) => {
    if (!course || add.length + remove.length === 0) return;
    try {
      await change.mutateAsync({ groupId: group.id, courseId: course.id, body: { add, remove } });
      snackbar.confirm(done);
    } catch (error) {
      snackbar.error(t('greenkeeper.techmap.changeFailed', { name: group.name }), errorText(error, t));
    }
  };

  const toggle = (tracking: Tracking) => {
    if (!activeGroup) return;
    const label = `${elementLabel(tracking.elementName)} (${holeLabel(tracking.holeId)})`;
    const inGroup = tracking.trackingGroupIds.includes(activeGroup.id);
    void send(
      activeGroup,
      inGroup ? [] : [refOf(tracking)],
      inGroup ? [refOf(tracking)] : [],
      inGroup ? t('greenkeeper.techmap.removed', { element: label, name: activeGroup.name }) : t('greenkeeper.techmap.added', { element: label, name: activeGroup.name }),
    );
  };

  const onMapClick = (id: string) => {
    setSelectedId(id);
    if (selecting && activeGroup) {
      const tracking = all.find((x) => x.id === id);
      if (tracking) toggle(tracking);
    }
  };

  const addAll = (mode: 'add' | 'remove') => {
    if (!activeGroup) return;
    const refs = changesFor(found, activeGroup.id, mode);
    if (refs.length === 0) {
      snackbar.confirm(mode === 'add' ? t('greenkeeper.techmap.allIn', { name: activeGroup.name }) : t('greenkeeper.techmap.noneIn', { name: activeGroup.name }));
      return;
    }
    void send(
      activeGroup,
      mode === 'add' ? refs : [],
      mode === 'remove' ? refs : [],
      mode === 'add' ? t('greenkeeper.techmap.addedMany', { count: refs.length, name: activeGroup.name }) : t('greenkeeper.techmap.removedMany', { count: refs.length, name: activeGroup.name }),
    );
  };

  if (courses.isError) return <ErrorState error={courses.error} title={t('greenkeeper.techmap.coursesFailed')} onRetry={() => void courses.refetch()} />;
  if (courses.isPending) return <LoadingState rows={6} />;
  if (!course)
    return (
      <Paper variant="outlined">
        <EmptyState title={t('greenkeeper.techmap.noCourses')}>
          <Typography variant="body2">{t('greenkeeper.techmap.noCoursesHint')}</Typography>
        </EmptyState>
      </Paper>
    );

  const mapArea = () => {
    if (trackings.isError || elements.isError)
      return (
        <ErrorState
          error={trackings.error ?? elements.error}
          title={t('greenkeeper.techmap.mapFailed')}
          onRetry={() => {
            if (trackings.isError) void trackings.refetch();
            if (elements.isError) void elements.refetch();
          }}
        />
      );
    if (trackings.isPending || elements.isPending || !stable) return <LoadingState rows={6} />;
    if (stable.length === 0)
      return (
        <Paper variant="outlined">
          <EmptyState title={t('greenkeeper.techmap.nothingDrawn')}>
            <Typography variant="body2">{t('greenkeeper.techmap.nothingDrawnHint')}</Typography>
          </EmptyState>
        </Paper>
      );
    return (
      <Suspense fallback={<LoadingState rows={6} />}>
        <TechMapView
          trackings={stable}
          holes={mapHoles}
          elements={elements.data}
          marks={marks}
          focus={focus}
          focusMatches={focusMatches}
          selecting={selecting && activeGroup !== null}
          onElementClick={onMapClick}
          describedBy="tech-map-hint"
        />
      </Suspense>
    );
  };

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          label={t('greenkeeper.techmap.course')}
          value={course.id}
          onChange={(e) => {
            setSelectedId(null);
            setParam('course', Number(e.target.value));
          }}
          sx={{ flex: '0 1 320px', minWidth: 200 }}
        >
          {courseList.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={<Switch checked={selecting && activeGroup !== null} onChange={(e) => setSelecting(e.target.checked)} disabled={activeGroup === null} slotProps={{ input: { 'aria-describedby': 'tech-map-select-hint' } }} />}
          label={activeGroup ? t('greenkeeper.techmap.selectOn', { name: activeGroup.name }) : t('greenkeeper.techmap.selectOff')}
        />
        <Typography variant="caption" color="text.secondary" id="tech-map-select-hint" sx={{ flexBasis: { xs: '100%', md: 'auto' } }}>
          {activeGroup ? t('greenkeeper.techmap.selectHint') : t('greenkeeper.techmap.chooseGroupHint')}
        </Typography>
      </Box>
      {groups.isError && <Alert severity="error">{t('greenkeeper.techmap.groups.loadFailed')}</Alert>}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 360px' }, alignItems: 'start' }}>
        <Box sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
          {mapArea()}
          <Typography variant="caption" color="text.secondary" id="tech-map-hint">
            {t('greenkeeper.techmap.map.hint')}
          </Typography>
          {selected && (
            <ElementInfo
              tracking={selected}
              elementLabel={elementLabel(selected.elementName)}
              holeLabel={holeLabel(selected.holeId)}
              teeName={teeName(selected.customAttributes.teeId)}
              groups={groups.data ?? []}
              activeGroup={activeGroup}
              busy={change.isPending}
              onToggle={() => toggle(selected)}
              onClose={() => setSelectedId(null)}
            />
          )}
        </Box>
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          <GroupsPanel clubId={clubId} courseId={course.id} activeId={activeGroup?.id ?? null} onActivate={(id) => setParam('group', id)} />
          <ElementFilters
            filters={filters}
            onChange={setFilters}
            elementNames={elementNames}
            elementLabel={elementLabel}
            found={found.length}
            active={active}
            activeGroup={activeGroup}
            busy={change.isPending}
            onShowMatches={() => setFocusMatches((n) => n + 1)}
            onAddAll={() => addAll('add')}
            onRemoveAll={() => addAll('remove')}
          />
          {trackings.data && (
            <ElementList
              key={`${course.id}`}
              items={found}
              selectedId={selectedId}
              activeGroup={activeGroup}
              busy={change.isPending}
              elementLabel={elementLabel}
              holeLabel={holeLabel}
              onSelect={(id) => {
                setSelectedId(id);
                setFocus({ id, at: Date.now() });
              }}
              onToggle={toggle}
            />
          )}
        </Box>
      </Box>
      {activeGroup ? (
        <Paper variant="outlined" component="section" aria-labelledby="tech-map-group-title" sx={{ p: { xs: 1.5, sm: 2 }, display: 'grid', gap: 1.5, minWidth: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Box aria-hidden sx={{ width: 16, height: 16, borderRadius: '50%', bgcolor: activeGroup.color, flexShrink: 0 }} />
            <Typography variant="h2" id="tech-map-group-title" sx={{ fontSize: '1.25rem', fontWeight: 600, overflowWrap: 'anywhere' }}>
              {activeGroup.name}
            </Typography>
          </Box>
          <Tabs value={tab} onChange={(_e, v: GroupTab) => setTab(v)} variant="scrollable" scrollButtons="auto" aria-label={t('greenkeeper.techmap.tabs.label', { name: activeGroup.name })}>
            <Tab value="log" label={t('greenkeeper.techmap.tabs.log', { n: activeGroup.commentCount })} id="tech-tab-log" aria-controls="tech-panel-log" />
            <Tab value="descriptions" label={t('greenkeeper.techmap.tabs.descriptions')} id="tech-tab-descriptions" aria-controls="tech-panel-descriptions" />
            <Tab value="holes" label={t('greenkeeper.techmap.tabs.holes')} id="tech-tab-holes" aria-controls="tech-panel-holes" />
          </Tabs>
          <Box role="tabpanel" id={`tech-panel-${tab}`} aria-labelledby={`tech-tab-${tab}`} sx={{ minWidth: 0 }}>
            {tab === 'log' && <LogBook key={activeGroup.id} clubId={clubId} group={activeGroup} />}
            {tab === 'descriptions' && <Descriptions clubId={clubId} group={activeGroup} />}
            {tab === 'holes' && <HoleTexts key={activeGroup.id} clubId={clubId} group={activeGroup} groups={groups.data ?? []} holes={holes} holeLabel={holeText} />}
          </Box>
        </Paper>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('greenkeeper.techmap.chooseGroup')}
        </Typography>
      )}
    </Box>
  );
}
