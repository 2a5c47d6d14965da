import { controlDescription, Field, useFieldIds } from './field';

interface TextFieldProps {
  name: string;
  label: string;
  value: string;
  onChange(value: string): void;
  type?: 'text' | 'email';
  autoComplete?: string;
  required?: boolean;
  error?: string;
}

export function TextField({
  name,
  label,
  value,
  onChange,
  type = 'text',
  autoComplete,
  required,
  error,
}: TextFieldProps) {
  const ids = useFieldIds();
  return (
    <Field ids={ids} label={label} error={error}>
      <input
        {...controlDescription(ids, undefined, error)}
        className="input"
        name={name}
        type={type}
        value={value}
        autoComplete={autoComplete}
        required={required}
        onChange={(event) => onChange(event.target.value)}
      />
    </Field>
  );
}
