// Labelled form controls with hints and errors wired for screen readers.
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";

interface FieldFrame {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
}

function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(" ") : undefined;
}

function Frame({ id, label, error, hint, className, children }: FieldFrame & { children: ReactNode }) {
  return (
    <div className={className ? `field ${className}` : "field"}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {hint ? (
        <span className="field__hint" id={`${id}-hint`}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span className="field__error" id={`${id}-error`}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

export function TextField({
  id,
  label,
  error,
  hint,
  className,
  ...input
}: FieldFrame & Omit<InputHTMLAttributes<HTMLInputElement>, "id">) {
  return (
    <Frame id={id} label={label} error={error} hint={hint} className={className}>
      <input
        id={id}
        className="input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...input}
      />
    </Frame>
  );
}

export function TextAreaField({
  id,
  label,
  error,
  hint,
  className,
  ...input
}: FieldFrame & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id">) {
  return (
    <Frame id={id} label={label} error={error} hint={hint} className={className}>
      <textarea
        id={id}
        className="textarea"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...input}
      />
    </Frame>
  );
}

export interface Option {
  value: string;
  label: string;
}

export function SelectField({
  id,
  label,
  error,
  hint,
  className,
  options,
  placeholder,
  ...select
}: FieldFrame & { options: readonly Option[]; placeholder?: string } & Omit<
    SelectHTMLAttributes<HTMLSelectElement>,
    "id"
  >) {
  return (
    <Frame id={id} label={label} error={error} hint={hint} className={className}>
      <select
        id={id}
        className="select"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...select}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Frame>
  );
}

export function CheckboxField({
  id,
  label,
  error,
  ...input
}: { id: string; label: ReactNode; error?: string | undefined } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "id" | "type"
>) {
  return (
    <div className="field">
      <div className="checkbox">
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...input}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      {error ? (
        <span className="field__error" id={`${id}-error`}>
          {error}
        </span>
      ) : null}
    </div>
  );
}
