// Labelled form controls with hints and errors wired for screen readers.
import {
  type ChangeEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type RefObject,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useLayoutEffect,
  useRef,
} from "react";

interface FrameProps {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  /** marks the control invalid when the message is shown elsewhere (a summary above the form) */
  invalid?: boolean;
  hint?: ReactNode;
  className?: string;
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * A prerendered form can be typed into before the page is hydrated. When the control
 * mounts, whatever the visitor already typed (or the browser autofilled) is handed to the
 * form's state instead of being overwritten. A layout effect: it runs in the very commit that
 * hydrates the control, before any later render could write the state's empty value over it.
 */
export function useAdoptTypedValue<E extends Control>(
  ref: RefObject<E | null>,
  value: unknown,
  onChange: ((event: ChangeEvent<E>) => void) | undefined,
  kind: "value" | "checked" = "value",
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the control mounts
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || !onChange) return;
    const checked = kind === "checked" && (element as HTMLInputElement).checked;
    const typed = kind === "checked" ? checked : element.value;
    const current = kind === "checked" ? Boolean(value) : String(value ?? "");
    if (typed === current) return;
    // A snapshot, not the live element: React may reset a controlled input before the state updates.
    const snapshot = { value: element.value, checked, name: element.name, id: element.id };
    onChange({ target: snapshot, currentTarget: snapshot } as unknown as ChangeEvent<E>);
  }, []);
}

/** The ids of the hint and error below a control, for its aria-describedby. */
export function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(" ") : undefined;
}

/** The hint and error below a control; their ids are the ones describedBy names. */
function FieldMessages({ id, hint, error }: { id: string; hint?: ReactNode; error?: string | undefined }) {
  return (
    <>
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
    </>
  );
}

/** A labelled control with its hint and error; the date and phone fields draw their own control inside. */
export function FieldFrame({
  id,
  label,
  error,
  hint,
  className,
  ref,
  children,
}: FrameProps & { ref?: Ref<HTMLDivElement>; children: ReactNode }) {
  return (
    <div ref={ref} className={className ? `field ${className}` : "field"}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}

export function TextField({
  id,
  label,
  error,
  invalid,
  hint,
  className,
  ...input
}: FrameProps & Omit<InputHTMLAttributes<HTMLInputElement>, "id">) {
  const ref = useRef<HTMLInputElement>(null);
  useAdoptTypedValue(ref, input.value, input.onChange);
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} className={className}>
      <input
        ref={ref}
        id={id}
        className="input"
        aria-invalid={error || invalid ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...input}
      />
    </FieldFrame>
  );
}

export function TextAreaField({
  id,
  label,
  error,
  invalid,
  hint,
  className,
  ...input
}: FrameProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id">) {
  const ref = useRef<HTMLTextAreaElement>(null);
  useAdoptTypedValue(ref, input.value, input.onChange);
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} className={className}>
      <textarea
        ref={ref}
        id={id}
        className="textarea"
        aria-invalid={error || invalid ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...input}
      />
    </FieldFrame>
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
  invalid,
  hint,
  className,
  options,
  placeholder,
  ...select
}: FrameProps & { options: readonly Option[]; placeholder?: string } & Omit<
    SelectHTMLAttributes<HTMLSelectElement>,
    "id"
  >) {
  const ref = useRef<HTMLSelectElement>(null);
  useAdoptTypedValue(ref, select.value, select.onChange);
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} className={className}>
      <select
        ref={ref}
        id={id}
        className="select"
        aria-invalid={error || invalid ? true : undefined}
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
    </FieldFrame>
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
  const ref = useRef<HTMLInputElement>(null);
  useAdoptTypedValue(ref, input.checked, input.onChange, "checked");
  return (
    <div className="field">
      <div className="checkbox">
        <input
          ref={ref}
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error)}
          {...input}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      <FieldMessages id={id} error={error} />
    </div>
  );
}
