import Box from '@mui/material/Box';

/** The product mark: a flag on a green. Decorative unless given a title. */
export function Logo({ size = 40, title }: { size?: number; title?: string }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 64 64"
      width={size}
      height={size}
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      sx={{ display: 'block', flexShrink: 0 }}
    >
      {title && <title>{title}</title>}
      <circle cx="32" cy="32" r="32" fill="#1f6f43" />
      <ellipse cx="32" cy="49" rx="17" ry="5" fill="#8fd19e" />
      <rect x="29" y="13" width="3.5" height="36" rx="1.5" fill="#fff" />
      <path d="M32.5 13.5 49 20.5 32.5 27.5z" fill="#f4c430" />
      <circle cx="22" cy="46" r="3.5" fill="#fff" />
    </Box>
  );
}
