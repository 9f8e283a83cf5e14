/** /setup-courses (active courses, overview, course colours) and /setup-tees (tees shown, tee style). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import { GUIDE_LIMITS, moveItem, OVERVIEW_LABELS, OVERVIEW_ORIENTATIONS, TEE_STYLES, type Guide, type GuideSettings } from '@golf/contract/api/guides';
import type { Course, Tee } from '@golf/contract/api/courses';
import { GuideSaveBar, SectionCard, UnsavedChangesGuard, useGuideSave } from './guide-form';

interface CoursesState {
  courseIds: number[];
  overview: GuideSettings['overview'];
  colours: Record<number, string>;
}

const COLOUR = /^#[0-9a-fA-F]{6}$/;

function coursesState(guide: Guide): CoursesState {
  return {
    courseIds: guide.courses.map((c) => c.course_id),
    overview: guide.settings.overview,
    colours: Object.fromEntries(guide.settings.print.course_colours.map((c) => [c.course_id, c.colour])),
  };
}

/** The courses of the guide in their order, the overview map and each course's banner colour. */
export function SetupCoursesSection({ clubId, guide, courses }: { clubId: number; guide: Guide; courses: Course[] }) {
  const { t } = useTranslation();
  const { save, saving } = useGuideSave(clubId, guide);
  const [state, setState] = useState(() => coursesState(guide));
  const [submitted, setSubmitted] = useState(false);
  const initial = coursesState(guide);
  const dirty = JSON.stringify(state) !== JSON.stringify(initial);
  const nameOf = (id: number) => courses.find((c) => c.id === id)?.name ?? guide.courses.find((c) => c.course_id === id)?.name ?? String(id);
  const badColours = Object.entries(state.colours).filter(([id, c]) => state.courseIds.includes(Number(id)) && c !== '' && !COLOUR.test(c));
  const problem = state.courseIds.length === 0 ? t('products.courses.none') : state.courseIds.length > GUIDE_LIMITS.courses ? t('products.courses.tooMany', { max: GUIDE_LIMITS.courses }) : null;

  const toggle = (id: number, on: boolean) =>
    setState((s) => ({ ...s, courseIds: on ? [...s.courseIds, id] : s.courseIds.filter((c) => c !== id) }));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (problem || badColours.length) return;
    const inGuide = new Set(state.courseIds);
    const settings: GuideSettings = {
      ...guide.settings,
      overview: {
        ...state.overview,
        course_id: state.overview.course_id !== null && inGuide.has(state.overview.course_id) ? state.overview.course_id : null,
        course_ids: state.overview.course_ids.filter((id) => inGuide.has(id)),
      },
      print: {
        ...guide.settings.print,
        course_colours: state.courseIds.filter((id) => COLOUR.test(state.colours[id] ?? '')).map((id) => ({ course_id: id, colour: state.colours[id] })),
      },
    };
    await save({ course_ids: state.courseIds, settings });
  };

  const chosen = state.courseIds;
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 3 }}>
      <SectionCard id="guide-courses" title={t('products.courses.title')} hint={t('products.courses.hint')}>
        <List disablePadding aria-labelledby="guide-courses">
          {[...chosen.map((id) => courses.find((c) => c.id === id) ?? { id, name: nameOf(id) }), ...courses.filter((c) => !chosen.includes(c.id))].map((course) => {
            const index = chosen.indexOf(course.id);
            return (
              <ListItem
                key={course.id}
                divider
                disableGutters
                secondaryAction={
                  index >= 0 && (
                    <Box sx={{ display: 'flex' }}>
                      <IconButton aria-label={t('products.courses.up', { name: course.name })} disabled={index === 0} onClick={() => setState((s) => ({ ...s, courseIds: moveItem(s.courseIds, index, -1) }))}>
                        <ArrowUpwardIcon />
                      </IconButton>
                      <IconButton
                        aria-label={t('products.courses.down', { name: course.name })}
                        disabled={index === chosen.length - 1}
                        onClick={() => setState((s) => ({ ...s, courseIds: moveItem(s.courseIds, index, 1) }))}
                      >
                        <ArrowDownwardIcon />
                      </IconButton>
                    </Box>
                  )
                }
              >
                <FormControlLabel control={<Checkbox checked={index >= 0} onChange={(e) => toggle(course.id, e.target.checked)} />} label={course.name} />
              </ListItem>
            );
          })}
        </List>
        {submitted && problem && (
          <Typography color="error" variant="body2" role="alert">
            {problem}
          </Typography>
        )}
      </SectionCard>

      <SectionCard id="guide-overview-setup" title={t('products.overviewSetup.title')} hint={t('products.overviewSetup.hint')}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField
            select
            label={t('products.overviewSetup.course')}
            value={state.overview.course_id ?? ''}
            onChange={(e) => setState((s) => ({ ...s, overview: { ...s.overview, course_id: e.target.value === '' ? null : Number(e.target.value) } }))}
          >
            <MenuItem value="">{t('products.overviewSetup.firstCourse')}</MenuItem>
            {chosen.map((id) => (
              <MenuItem key={id} value={id}>
                {nameOf(id)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('products.fields.overviewLabels')}
            value={state.overview.labels}
            onChange={(e) => setState((s) => ({ ...s, overview: { ...s.overview, labels: e.target.value as GuideSettings['overview']['labels'] } }))}
          >
            {OVERVIEW_LABELS.map((v) => (
              <MenuItem key={v} value={v}>
                {t(`products.options.labels.${v}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('products.fields.orientation')}
            value={state.overview.orientation}
            onChange={(e) => setState((s) => ({ ...s, overview: { ...s.overview, orientation: e.target.value as GuideSettings['overview']['orientation'] } }))}
          >
            {OVERVIEW_ORIENTATIONS.map((v) => (
              <MenuItem key={v} value={v}>
                {t(`products.options.orientation.${v}`)}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        {chosen.length > 1 && (
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
            <Box component="legend" sx={{ typography: 'subtitle2' }}>
              {t('products.overviewSetup.courses')}
            </Box>
            {chosen.map((id) => (
              <FormControlLabel
                key={id}
                label={nameOf(id)}
                control={
                  <Checkbox
                    checked={state.overview.course_ids.includes(id)}
                    onChange={(e) =>
                      setState((s) => ({
                        ...s,
                        overview: { ...s.overview, course_ids: e.target.checked ? [...s.overview.course_ids, id] : s.overview.course_ids.filter((c) => c !== id) },
                      }))
                    }
                  />
                }
              />
            ))}
          </Box>
        )}
      </SectionCard>

      <SectionCard id="guide-course-colours" title={t('products.courseColours.title')} hint={t('products.courseColours.hint', { colour: guide.settings.print.banner_colour })}>
        <List disablePadding>
          {chosen.map((id) => {
            const value = state.colours[id] ?? '';
            const bad = submitted && value !== '' && !COLOUR.test(value);
            return (
              <ListItem key={id} disableGutters sx={{ gap: 2, flexWrap: 'wrap' }}>
                <ListItemText primary={nameOf(id)} sx={{ flex: '1 1 160px' }} />
                <TextField
                  size="small"
                  label={t('products.courseColours.colour', { name: nameOf(id) })}
                  value={value}
                  placeholder={guide.settings.print.banner_colour}
                  error={bad}
                  helperText={bad ? t('products.fields.colourHint') : undefined}
                  onChange={(e) => setState((s) => ({ ...s, colours: { ...s.colours, [id]: e.target.value.trim() } }))}
                  slotProps={{ htmlInput: { maxLength: 7 } }}
                  sx={{ width: 200 }}
                />
                <Box aria-hidden sx={{ width: 28, height: 28, borderRadius: 1, border: 1, borderColor: 'divider', bgcolor: COLOUR.test(value) ? value : guide.settings.print.banner_colour }} />
              </ListItem>
            );
          })}
        </List>
      </SectionCard>
      <GuideSaveBar dirty={dirty} saving={saving} problems={submitted && (!!problem || badColours.length > 0)} onDiscard={() => setState(initial)} />
      <UnsavedChangesGuard dirty={dirty} saving={saving} />
    </Box>
  );
}

/** Which tees the guide shows, in which order (none chosen shows all), and how a tee is printed. */
export function SetupTeesSection({ clubId, guide, tees }: { clubId: number; guide: Guide; tees: Tee[] }) {
  const { t } = useTranslation();
  const { saveSettings, saving } = useGuideSave(clubId, guide);
  const ofCourses = guide.courses.flatMap((c) => tees.filter((tee) => tee.course_id === c.course_id));
  const initial = { ids: guide.settings.tee_ids.length ? guide.settings.tee_ids : ofCourses.map((tee) => tee.id), style: guide.settings.tee_style };
  const [state, setState] = useState(initial);
  const dirty = JSON.stringify(state) !== JSON.stringify(initial);
  const ordered = [...state.ids.map((id) => ofCourses.find((tee) => tee.id === id)).filter((tee): tee is Tee => !!tee), ...ofCourses.filter((tee) => !state.ids.includes(tee.id))];
  const courseName = (id: number) => guide.courses.find((c) => c.course_id === id)?.name ?? '';
  const none = state.ids.length === 0;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (none) return;
    const all = ofCourses.map((tee) => tee.id);
    const everyInOrder = state.ids.length === all.length && state.ids.every((id, i) => id === all[i]);
    await saveSettings({ tee_ids: everyInOrder ? [] : state.ids, tee_style: state.style });
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 3 }}>
      <SectionCard id="guide-tees" title={t('products.tees.title')} hint={t('products.tees.hint')}>
        {ofCourses.length === 0 ? (
          <Typography color="text.secondary">{t('products.tees.noTees')}</Typography>
        ) : (
          <List disablePadding aria-labelledby="guide-tees">
            {ordered.map((tee) => {
              const index = state.ids.indexOf(tee.id);
              return (
                <ListItem
                  key={tee.id}
                  divider
                  disableGutters
                  secondaryAction={
                    index >= 0 && (
                      <Box sx={{ display: 'flex' }}>
                        <IconButton aria-label={t('products.tees.up', { name: tee.name })} disabled={index === 0} onClick={() => setState((s) => ({ ...s, ids: moveItem(s.ids, index, -1) }))}>
                          <ArrowUpwardIcon />
                        </IconButton>
                        <IconButton aria-label={t('products.tees.down', { name: tee.name })} disabled={index === state.ids.length - 1} onClick={() => setState((s) => ({ ...s, ids: moveItem(s.ids, index, 1) }))}>
                          <ArrowDownwardIcon />
                        </IconButton>
                      </Box>
                    )
                  }
                >
                  <FormControlLabel
                    control={
                      <Checkbox
                        checked={index >= 0}
                        onChange={(e) => setState((s) => ({ ...s, ids: e.target.checked ? [...s.ids, tee.id] : s.ids.filter((id) => id !== tee.id) }))}
                      />
                    }
                    label={
                      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                        <Box component="span" aria-hidden sx={{ width: 16, height: 16, borderRadius: '50%', bgcolor: tee.color, border: 1, borderColor: 'divider' }} />
                        {guide.courses.length > 1 ? `${tee.name} · ${courseName(tee.course_id)}` : tee.name}
                      </Box>
                    }
                  />
                </ListItem>
              );
            })}
          </List>
        )}
        {none && ofCourses.length > 0 && (
          <Typography color="error" variant="body2" role="alert">
            {t('products.tees.atLeastOne')}
          </Typography>
        )}
        <TextField select label={t('products.fields.teeStyle')} value={state.style} onChange={(e) => setState((s) => ({ ...s, style: e.target.value as GuideSettings['tee_style'] }))} sx={{ maxWidth: 360 }}>
          {TEE_STYLES.map((v) => (
            <MenuItem key={v} value={v}>
              {t(`products.options.teeStyle.${v}`)}
            </MenuItem>
          ))}
        </TextField>
      </SectionCard>
      <GuideSaveBar dirty={dirty} saving={saving} problems={none && ofCourses.length > 0} onDiscard={() => setState(initial)} />
      <UnsavedChangesGuard dirty={dirty} saving={saving} />
    </Box>
  );
}
