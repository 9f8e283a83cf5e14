/**
 * The one place where a file is chosen or dropped (members import, course import, club logo,
 * gallery, and every upload an area adds): a dashed zone that takes a drop, a button that opens
 * the file picker (so the keyboard reaches it), the hidden input, and room for what the screen
 * shows below (file name, progress). The picked files go to `onFiles`; checking them is the
 * caller's (sizes and types differ per upload).
 */
import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import Typography from '@mui/material/Typography';

export interface FileDropZoneProps {
  /** The input's accept list, e.g. '.csv,.xlsx' or 'image/png,image/jpeg'. */
  accept: string;
  onFiles: (files: File[]) => void;
  /** Label of the button that opens the file picker. */
  buttonLabel: string;
  multiple?: boolean;
  disabled?: boolean;
  /** A large icon at the top (centred layout). */
  icon?: ReactNode;
  /** The sentence above the button ('Drop a file here or …'). */
  hint?: ReactNode;
  /** Small print under the button: formats and limits. */
  caption?: ReactNode;
  /** Shown at the start of the zone, beside the button column (e.g. a logo preview). */
  start?: ReactNode;
  buttonProps?: Omit<ButtonProps, 'onClick' | 'disabled' | 'children'>;
  /** Passed to the hidden input: an accessible name, a test id, an id for a label. */
  inputProps?: { 'aria-label'?: string; 'data-testid'?: string; id?: string };
  'data-testid'?: string;
  /** What the screen shows inside the zone below the button (chosen file, progress). */
  children?: ReactNode;
}

export function FileDropZone({
  accept,
  onFiles,
  buttonLabel,
  multiple = false,
  disabled = false,
  icon,
  hint,
  caption,
  start,
  buttonProps,
  inputProps,
  'data-testid': testId,
  children,
}: FileDropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const take = (list: FileList | null | undefined) => {
    const files = list ? Array.from(list) : [];
    if (disabled || files.length === 0) return;
    onFiles(multiple ? files : files.slice(0, 1));
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files);
  };

  const column = (
    <Box sx={{ display: 'grid', gap: 1, justifyItems: start ? 'start' : 'center', minWidth: 0, flex: start ? '1 1 180px' : undefined }}>
      {icon}
      {hint && (
        <Typography variant="body2" color="text.secondary">
          {hint}
        </Typography>
      )}
      <Button variant="outlined" {...buttonProps} onClick={() => input.current?.click()} disabled={disabled}>
        {buttonLabel}
      </Button>
      <input
        ref={input}
        type="file"
        accept={accept}
        multiple={multiple}
        hidden
        {...inputProps}
        onChange={(event) => {
          take(event.target.files);
          event.target.value = '';
        }}
      />
      {caption && (
        <Typography variant="caption" color="text.secondary">
          {caption}
        </Typography>
      )}
      {children}
    </Box>
  );

  return (
    <Box
      data-testid={testId}
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      sx={{
        borderRadius: 2,
        border: '2px dashed',
        borderColor: dragging ? 'primary.main' : 'divider',
        bgcolor: dragging ? 'action.hover' : 'background.default',
        p: { xs: 2, sm: 3 },
        textAlign: start ? 'start' : 'center',
        ...(start ? { display: 'flex', alignItems: 'center', gap: 3, flexWrap: 'wrap' } : { display: 'grid' }),
      }}
    >
      {start}
      {column}
    </Box>
  );
}
