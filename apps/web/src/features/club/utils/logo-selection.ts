import type { LogoShape } from '@golf/contract/api/clubs';

/**
 * The logo dialog's choice (§4 'Logo save modal: none, round or rectangular'): nothing picked
 * yet, or an image for the round logo, for the rectangular one, or for both.
 */
export interface LogoSelection {
  round: File | null;
  rectangular: File | null;
}

export const NO_LOGO: LogoSelection = { round: null, rectangular: null };

export function selectionState(selection: LogoSelection): 'none' | LogoShape {
  if (selection.round) return 'round';
  if (selection.rectangular) return 'rectangular';
  return 'none';
}

/** What Save sends: the round logo if there is one, otherwise the rectangular one. */
export function logoToSend(selection: LogoSelection): { shape: LogoShape; file: File } | null {
  if (selection.round) return { shape: 'round', file: selection.round };
  if (selection.rectangular) return { shape: 'rectangular', file: selection.rectangular };
  return null;
}
