import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MAX_HOLE_DISTANCE, type Course, type Hole, type UpdateHoleBody } from '@golf/contract/api/courses';
import { api, clubPath } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { courseKeys, useHolesTees, useTees } from '../../../lib/courses/queries';
import { distancesWith } from '../utils/play-line';

/**
 * The play line's length as the hole's distance from one of the course's tees: PUT holes/{id}
 * with the hole's other distances unchanged (the call replaces the hole's list).
 */
export function DistanceFromPlayLine({ clubId, course, hole, metres }: { clubId: number; course: Course; hole: Hole; metres: number }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const tees = (useTees(clubId).data ?? []).filter((tee) => tee.course_id === course.id);
  const distances = useHolesTees(clubId, course.id).data;
  const [teeId, setTeeId] = useState<number | ''>('');
  const chosen = tees.find((tee) => tee.id === teeId) ?? tees[0];
  const rounded = Math.round(metres);
  const current = distances?.find((d) => d.hole_id === hole.id && d.tee_id === chosen?.id)?.distance;

  const save = useMutation({
    mutationFn: (teeIdToSet: number) => {
      const body: UpdateHoleBody = {
        club_id: clubId,
        name: hole.name,
        par: hole.par,
        handicap: hole.handicap,
        pro_guideline: hole.pro_guideline,
        distances: distancesWith(distances ?? [], hole.id, teeIdToSet, rounded),
      };
      return api.put<Hole>(clubPath(`holes/${hole.id}`, clubId), body);
    },
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: courseKeys.holesTees(clubId, course.id) }),
        queryClient.invalidateQueries({ queryKey: courseKeys.tees(clubId) }),
      ]);
      snackbar.confirm(t('holeEditor.playLines.distanceSet', { tee: chosen?.name ?? '', length: rounded }));
    },
    onError: (error) => snackbar.error(t('holeEditor.playLines.distanceFailed'), errorText(error, t)),
  });

  if (tees.length === 0 || !distances || !chosen) return null;
  const tooLong = rounded > MAX_HOLE_DISTANCE;
  return (
    <Box sx={{ mt: 1.5, display: 'grid', gap: 1 }} data-testid="distance-from-play-line">
      <TextField
        select
        size="small"
        label={t('holeEditor.playLines.fromTee')}
        value={chosen.id}
        onChange={(event) => setTeeId(Number(event.target.value))}
      >
        {tees.map((tee) => (
          <MenuItem key={tee.id} value={tee.id}>
            {tee.name}
          </MenuItem>
        ))}
      </TextField>
      <Typography variant="caption" color="text.secondary">
        {current === undefined ? t('holeEditor.playLines.noDistanceYet') : t('holeEditor.playLines.currentDistance', { length: current })}
      </Typography>
      <Button variant="outlined" size="small" disabled={save.isPending || tooLong || current === rounded} onClick={() => save.mutate(chosen.id)}>
        {t('holeEditor.playLines.useAsDistance', { length: rounded })}
      </Button>
      {tooLong && (
        <Typography variant="caption" color="error">
          {t('holeEditor.playLines.tooLong', { max: MAX_HOLE_DISTANCE })}
        </Typography>
      )}
    </Box>
  );
}
