import type { ComponentType } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import TextField, { type TextFieldProps } from '@mui/material/TextField';

type FormTextFieldProps<T extends FieldValues> = Omit<TextFieldProps, 'name' | 'value' | 'defaultValue'> & {
  control: Control<T>;
  name: FieldPath<T>;
  /** Values for the error message's placeholders (e.g. { min: 8 }). */
  messageValues?: Record<string, unknown>;
  /** The input component, e.g. a password field; a MUI TextField by default. */
  as?: ComponentType<TextFieldProps>;
  /** Called with the new text after the form has taken it. */
  onValueChange?: (value: string) => void;
};

/**
 * A MUI text field bound to react-hook-form as a controlled input, so values set by the form
 * (reset, setValue) show with the label in the right place. Error messages are translation keys;
 * any other text (e.g. a server's) is shown as it is.
 */
export function FormTextField<T extends FieldValues>({
  control,
  name,
  messageValues,
  as: Field = TextField,
  onValueChange,
  helperText,
  error,
  ...props
}: FormTextFieldProps<T>) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const message = fieldState.error?.message;
        return (
          <Field
            {...props}
            name={field.name}
            value={field.value ?? ''}
            onChange={(event) => {
              field.onChange(event);
              onValueChange?.(event.target.value);
            }}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={!!message || error}
            helperText={message ? t(message, { defaultValue: message, ...messageValues }) : helperText}
          />
        );
      }}
    />
  );
}
