import { forwardRef, useId, type ChangeEventHandler, type FocusEventHandler, type ReactNode, type Ref } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

export interface AuthTextFieldProps {
  label: string;
  type?: string;
  name?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  defaultValue?: string;
  disabled?: boolean;
  error?: boolean;
  /** Under the input, and its description (aria-describedby). */
  helperText?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
  onChange?: ChangeEventHandler<HTMLInputElement>;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  endAdornment?: ReactNode;
}

/**
 * The public pages' text input: MUI's outlined TextField as TextField puts it together (FormControl,
 * InputLabel, OutlinedInput, FormHelperText), looking and labelled the same. TextField itself also
 * brings its Select, with a menu, a popover and a modal, which no public page shows: they stay out
 * of the sign-in page's chunks.
 */
export const AuthTextField = forwardRef<HTMLInputElement, AuthTextFieldProps>(function AuthTextField(
  { label, helperText, error, disabled, inputRef, endAdornment, ...input },
  ref,
) {
  const id = useId();
  const helperId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl variant="outlined" error={error} disabled={disabled}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput {...input} id={id} label={label} inputRef={ref ?? inputRef} endAdornment={endAdornment} aria-describedby={helperId} />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
});
