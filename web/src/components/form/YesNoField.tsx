// A Yes/No question of a ZodForm as two radio buttons in a fieldset, so the question names the group.
import { Form } from 'react-bootstrap';
import { YES_NO } from '@cvdp/core';
import { FieldError } from './FieldError.tsx';
import { RequiredMark } from './RequiredMark.tsx';
import { useField } from './field-state.ts';

export function YesNoField(props: { id: string; name: string; legend: string; required?: boolean }) {
  const { id, name, legend, required } = props;
  const { register, error } = useField(name);
  // react-hook-form reads an unanswered radio group as null when one of its radios loses the focus, which
  // the schema refuses ("Answer Yes or No."): Tab passing through a question nobody answered must leave it
  // unanswered (''), so blur counts only once an answer is picked.
  const onBlur: typeof register.onBlur = (event) =>
    (event.target as HTMLInputElement).form?.querySelector(`input[name="${CSS.escape(name)}"]:checked`)
      ? register.onBlur(event)
      : Promise.resolve();
  return (
    <fieldset className="mb-3" data-field={name} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="form-label fs-6 mb-1">
        {legend}
        {required && <RequiredMark />}
      </legend>
      {YES_NO.map((answer) => (
        <Form.Check
          key={answer}
          inline
          type="radio"
          id={`${id}-${answer.toLowerCase()}`}
          label={answer}
          value={answer}
          isInvalid={Boolean(error)}
          {...register}
          onBlur={onBlur}
        />
      ))}
      <FieldError message={error} id={`${id}-error`} />
    </fieldset>
  );
}
