// The state both desk wizards (hand-over, return) keep: the draft, the step, the field errors and
// the server's message, sending, and the outcome. Each page gives its own draft, step rules and
// request; the moves between steps and the handling of a refusal are the same.
import { useCallback, useEffect, useState } from "react";
import type { DeskInfoView } from "./deskApi";
import { type FieldErrors, firstStepWithErrors, refusalOf, withoutFields } from "./deskModel";

interface DeskDraft {
  photos: string[];
  uploading: boolean;
}

export interface DeskWizardOptions<D extends DeskDraft, R> {
  info: DeskInfoView | null;
  /** the draft a loaded screen starts with */
  initialDraft: (info: DeskInfoView) => D;
  /** the server's field names each draft field answers for: a field's message goes once staff change it */
  draftFields: Record<string, string[]>;
  stepCount: number;
  /** which step owns each server field (a refusal opens the first step with one) */
  stepFields: readonly (readonly string[])[];
  /** what keeps staff on step `index` */
  stepProblems: (index: number, draft: D) => FieldErrors;
  /** the real request; its answer is the outcome */
  send: (draft: D) => Promise<R>;
}

export function useDeskWizard<D extends DeskDraft, R>(options: DeskWizardOptions<D, R>) {
  const { info, initialDraft, draftFields, stepCount, stepFields, stepProblems, send } = options;
  const [draft, setDraft] = useState<D | null>(null);
  const [step, setStep] = useState(0);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState<R | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the first draft is made once, when the data arrives
  useEffect(() => {
    if (info && !draft) setDraft(initialDraft(info));
  }, [info, draft]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: draftFields is a constant of the page
  const change = useCallback((patch: Partial<D>) => {
    setDraft((current) => (current ? { ...current, ...patch } : current));
    setTouched(true);
    setErrors((current) =>
      withoutFields(
        current,
        Object.keys(patch).flatMap((key) => draftFields[key] ?? []),
      ),
    );
  }, []);
  const setPhotos = useCallback((photos: string[]) => change({ photos } as Partial<D>), [change]);
  const setUploading = useCallback(
    (uploading: boolean) => setDraft((current) => (current ? { ...current, uploading } : current)),
    [],
  );

  const validate = (index: number): boolean => {
    if (!draft) return false;
    const problems = stepProblems(index, draft);
    setErrors(problems);
    setMessage(null);
    return Object.keys(problems).length === 0;
  };
  const next = () => {
    if (!validate(step)) return;
    setStep(step + 1);
    window.scrollTo({ top: 0 });
  };
  const back = () => {
    setErrors({});
    setMessage(null);
    setStep(Math.max(0, step - 1));
  };
  const submit = async () => {
    if (!draft) return;
    for (let index = 0; index < stepCount; index++) {
      if (!validate(index)) {
        setStep(index);
        return;
      }
    }
    setSubmitting(true);
    try {
      const answer = await send(draft);
      setDone(answer);
      setErrors({});
      setMessage(null);
    } catch (failure) {
      const refusal = refusalOf(failure);
      setErrors(refusal.fields);
      setMessage(refusal.message);
      const target = firstStepWithErrors(refusal.fields, stepFields);
      if (target !== null) setStep(target);
    } finally {
      setSubmitting(false);
    }
  };

  return {
    draft,
    change,
    setPhotos,
    setUploading,
    step,
    setStep,
    errors,
    setErrors,
    message,
    touched,
    submitting,
    done,
    next,
    back,
    submit,
  };
}
