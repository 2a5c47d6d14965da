import type { ReactNode, Ref } from 'react';
import { controlDescription, Field, useFieldIds } from './field';

interface InputFieldProps {
  name: string;
  label: string;
  value: string;
  onChange(value: string): void;
  type?: 'text' | 'number' | 'url' | 'date' | 'email' | 'tel';
  required?: boolean;
  disabled?: boolean;
  hint?: ReactNode;
  error?: string;
  min?: string | number;
  max?: string | number;
  step?: number;
  placeholder?: string;
  autoComplete?: string;
  inputMode?: 'numeric' | 'text' | 'url' | 'email' | 'tel';
  maxLength?: number;
}

/** A labelled input with its hint and validation message (the jobs and profile forms' fields). */
export function InputField({
  name,
  label,
  value,
  onChange,
  type = 'text',
  hint,
  error,
  ...rest
}: InputFieldProps) {
  const ids = useFieldIds();
  return (
    <Field ids={ids} label={label} hint={hint} error={error}>
      <input
        {...controlDescription(ids, hint, error)}
        {...rest}
        className="input"
        name={name}
        type={type}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </Field>
  );
}

interface TextAreaFieldProps {
  name: string;
  label: string;
  value: string;
  onChange(value: string): void;
  required?: boolean;
  disabled?: boolean;
  rows?: number;
  hint?: ReactNode;
  error?: string;
  maxLength?: number;
  inputRef?: Ref<HTMLTextAreaElement>;
}

export function TextAreaField({
  name,
  label,
  value,
  onChange,
  hint,
  error,
  inputRef,
  rows = 5,
  ...rest
}: TextAreaFieldProps) {
  const ids = useFieldIds();
  return (
    <Field ids={ids} label={label} hint={hint} error={error}>
      <textarea
        {...controlDescription(ids, hint, error)}
        {...rest}
        ref={inputRef}
        className="input"
        // What people write at length (a bio, a letter, a description) may be in any script.
        dir="auto"
        name={name}
        rows={rows}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </Field>
  );
}
