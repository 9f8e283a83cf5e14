/**
 * The colours of what reports hid (chips, the tab's count, the filter): MUI's warning orange
 * carries white or dark text below 4.5:1, so these are darker shades of it (WCAG 1.4.3).
 */
export const REPORTED_TEXT = '#7a3e00';
export const REPORTED_FILL = '#a34700';

/** A chip that says how much reports hid: dark orange text on a light orange tint. */
export const reportedChipSx = {
  bgcolor: '#fff3e0',
  color: REPORTED_TEXT,
  border: 1,
  borderColor: '#f0b27a',
  '& .MuiChip-icon': { color: 'inherit' },
} as const;

/** The avatar of a golfer (a console user's takes the primary colour): white initials at 6:1. */
export const GOLFER_AVATAR = 'grey.700';
