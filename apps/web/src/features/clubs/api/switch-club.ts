import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { canOpen, MENU } from '@golf/contract/menu';
import { paths } from '../../../config/paths';
import { SCREENS } from '../../../config/screens';
import { session } from '../../../lib/auth/session';

/** The section to open in the new club: the one the user came from when they may open it there. */
export function targetSection(section: string | null | undefined, profile: Parameters<typeof canOpen>[0], clubId: number): string {
  if (!section || section === SCREENS.clubs.path) return SCREENS.home.path;
  const entry = MENU.flatMap((g) => g.entries).find((e) => e.path === section);
  if (entry && !canOpen(profile, clubId, entry.access)) return SCREENS.home.path;
  return section;
}

/** Club switch (§4): reload the profile, go to /{clubId}/{section}, then reload the data. */
export function useSwitchClub() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async (clubId: number, section?: string | null) => {
      const profile = (await session.reloadProfile()) ?? session.getState().profile;
      navigate(paths.club.section(clubId, targetSection(section, profile, clubId)));
      await queryClient.invalidateQueries();
    },
    [navigate, queryClient],
  );
}
