import { useParams } from 'react-router';

/** The active club: the first segment of the path (§1). */
export function useClubId(): number {
  const { clubId } = useParams();
  return Number(clubId);
}
