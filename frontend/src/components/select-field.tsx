import type { ReactNode } from 'react';
import { controlDescription, Field, useFieldIds } from './field';

interface SelectFieldProps<Value extends string> {
  name: string;
  label: string;
  value: Value | '';
  options: ReadonlyArray<{ value: Value; label: string }>;
  onChange(value: Value | ''): void;
  /** Shown as a first, empty choice while nothing is picked. */
  placeholder?: string;
  hint?: ReactNode;
  error?: string;
  disabled?: boolean;
}

export function SelectField<Value extends string>({
  name,
  label,
  value,
  options,
  onChange,
  placeholder,
  hint,
  error,
  disabled,
}: SelectFieldProps<Value>) {
  const ids = useFieldIds();
  return (
    <Field ids={ids} label={label} hint={hint} error={error}>
      <select
        {...controlDescription(ids, hint, error)}
        className="input"
        name={name}
        value={value}
        disabled={disabled}
        onChange={(event) =>
          onChange(options.find((option) => option.value === event.target.value)?.value ?? '')
        }
      >
        {placeholder !== undefined ? (
          <option value="" disabled>
            {placeholder}
          </option>
        ) : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
