import { Fragment, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useWatch, type Control, type FieldArrayWithId } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditNoteIcon from '@mui/icons-material/EditNote';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { HOLE_EDITORS, paths, type HoleEditorKind } from '../../../config/paths';
import { FormTextField } from '../../../components/form/form-text-field';
import { canRemoveHole, handicapClashes, type CourseFormValues, type TeeValues } from '../utils/course-form';
import { visuallyHiddenSx } from '../../../lib/visually-hidden';
import { TeeSwatch } from './tee-dialog';

const NUMBER_INPUT = { inputMode: 'numeric', pattern: '[0-9]*', style: { textAlign: 'right' } } as const;

/**
 * The holes of a course: name, par, handicap (clashes shown as they are typed), distance per tee,
 * pro guideline; with `onRemove` each row has a button to remove its hole.
 */
export function HolesTable({
  control,
  fields,
  tees,
  clubId,
  courseId,
  onRemove,
}: {
  control: Control<CourseFormValues>;
  fields: FieldArrayWithId<CourseFormValues, 'holes', 'fieldKey'>[];
  tees: TeeValues[];
  clubId: number;
  courseId?: number;
  onRemove?: (index: number) => void;
}) {
  const { t } = useTranslation();
  // Open guidelines by the row's key, so they stay with their hole when another is removed.
  const [open, setOpen] = useState<Set<string>>(new Set());
  const handicaps = useWatch({ control, name: 'holes' }).map((h) => h?.handicap ?? '');
  const clashes = handicapClashes(handicaps);
  const columns = 5 + tees.length + (courseId ? 1 : 0) + (onRemove ? 1 : 0);
  const toggle = (key: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  return (
    <TableContainer sx={{ overflowX: 'auto', minWidth: 0, position: 'relative' }}>
      <Table size="small" aria-label={t('courses.holes.title')} sx={{ minWidth: 480 + tees.length * 100 }}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 40 }}>{t('courses.holes.number')}</TableCell>
            <TableCell>{t('courses.holes.name')}</TableCell>
            <TableCell sx={{ width: 80 }}>{t('courses.holes.par')}</TableCell>
            <TableCell sx={{ width: 110 }}>{t('courses.holes.handicap')}</TableCell>
            {tees.map((tee) => (
              <TableCell key={tee.key} sx={{ width: 96, whiteSpace: 'nowrap' }}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
                  <TeeSwatch color={tee.color} size={14} />
                  {t('courses.holes.teeMetres', { tee: tee.name })}
                </Box>
              </TableCell>
            ))}
            <TableCell sx={{ width: 48 }}>
              <Box component="span" sx={visuallyHiddenSx}>
                {t('courses.holes.guideline')}
              </Box>
            </TableCell>
            {courseId && (
              <TableCell sx={{ width: 48 }}>
                <Box component="span" sx={visuallyHiddenSx}>
                  {t('courses.holes.editors')}
                </Box>
              </TableCell>
            )}
            {onRemove && (
              <TableCell sx={{ width: 48 }}>
                <Box component="span" sx={visuallyHiddenSx}>
                  {t('courses.holes.removeColumn')}
                </Box>
              </TableCell>
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {fields.map((field, i) => {
            const number = i + 1;
            const clash = clashes.get(i);
            const expanded = open.has(field.fieldKey);
            return (
              <Fragment key={field.fieldKey}>
                <TableRow sx={{ '& > td': { borderBottom: expanded ? 'none' : undefined, verticalAlign: 'top' } }}>
                  <TableCell sx={{ pt: 2.25, fontWeight: 600 }}>{number}</TableCell>
                  <TableCell>
                    <FormTextField control={control} name={`holes.${i}.name`} size="small" fullWidth sx={{ minWidth: 140 }} slotProps={{ htmlInput: { 'aria-label': t('courses.holes.nameOf', { number }) } }} />
                  </TableCell>
                  <TableCell>
                    <FormTextField control={control} name={`holes.${i}.par`} size="small" sx={{ width: 64 }} slotProps={{ htmlInput: { ...NUMBER_INPUT, 'aria-label': t('courses.holes.parOf', { number }) } }} />
                  </TableCell>
                  <TableCell>
                    <FormTextField
                      control={control}
                      name={`holes.${i}.handicap`}
                      size="small"
                      sx={{ width: 96 }}
                      messageValues={{ max: fields.length }}
                      error={!!clash}
                      helperText={clash ? t('courses.errors.handicapClashWith', { holes: clash.join(', '), count: clash.length }) : undefined}
                      slotProps={{ htmlInput: { ...NUMBER_INPUT, 'aria-label': t('courses.holes.handicapOf', { number }) } }}
                    />
                  </TableCell>
                  {tees.map((tee) => (
                    <TableCell key={tee.key}>
                      <FormTextField
                        control={control}
                        name={`holes.${i}.distances.${tee.key}`}
                        size="small"
                        sx={{ width: 84 }}
                        slotProps={{ htmlInput: { ...NUMBER_INPUT, 'aria-label': t('courses.holes.distanceOf', { number, tee: tee.name }) } }}
                      />
                    </TableCell>
                  ))}
                  <TableCell>
                    <IconButton
                      onClick={() => toggle(field.fieldKey)}
                      aria-expanded={expanded}
                      aria-controls={`guideline-${i}`}
                      aria-label={t('courses.holes.guidelineOf', { number })}
                      title={t('courses.holes.guidelineOf', { number })}
                    >
                      {expanded ? <ExpandLessIcon /> : <ExpandMoreIcon />}
                    </IconButton>
                  </TableCell>
                  {courseId && (
                    <TableCell>
                      <EditorsMenu clubId={clubId} courseId={courseId} holeId={field.id} number={number} />
                    </TableCell>
                  )}
                  {onRemove && (
                    <TableCell>
                      <IconButton
                        onClick={() => onRemove(i)}
                        disabled={!canRemoveHole(fields.length)}
                        aria-label={t('courses.holes.removeOf', { number })}
                        title={t('courses.holes.removeOf', { number })}
                      >
                        <DeleteOutlinedIcon />
                      </IconButton>
                    </TableCell>
                  )}
                </TableRow>
                <TableRow>
                  <TableCell colSpan={columns} sx={{ py: 0, ...(expanded ? {} : { borderBottom: 'none' }) }}>
                    <Collapse in={expanded} unmountOnExit id={`guideline-${i}`}>
                      <Box sx={{ py: 1.5 }}>
                        <FormTextField
                          control={control}
                          name={`holes.${i}.pro_guideline`}
                          label={t('courses.holes.guidelineOf', { number })}
                          multiline
                          minRows={2}
                          maxRows={10}
                          fullWidth
                          slotProps={{ htmlInput: { maxLength: 2000 } }}
                        />
                      </Box>
                    </Collapse>
                  </TableCell>
                </TableRow>
              </Fragment>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function EditorsMenu({ clubId, courseId, holeId, number }: { clubId: number; courseId: number; holeId?: number; number: number }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (holeId === undefined) return null;
  const menuId = `hole-editors-${holeId}`;
  return (
    <>
      <IconButton
        aria-label={t('courses.holes.editorsOf', { number })}
        title={t('courses.holes.editorsOf', { number })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={!!anchor}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <EditNoteIcon />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {HOLE_EDITORS.map((editor: HoleEditorKind) => (
          <MenuItem key={editor} component={RouterLink} to={paths.club.holeEditor(clubId, courseId, holeId, editor)} onClick={() => setAnchor(null)}>
            {t(`courses.editors.${editor}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
