// The one form style of the app (issue 23): useZodForm + ZodForm + these fields, checked by the zod schema
// from @cvdp/core. docs/architecture.md ("Web: forms") shows the example to copy.
export { useZodForm } from './use-zod-form.ts';
export { mappedSchema } from './mapped-schema.ts';
export { ZodForm, splitServerErrors } from './ZodForm.tsx';
export { TextField } from './TextField.tsx';
export { SelectField, type SelectOption } from './SelectField.tsx';
export { CheckField } from './CheckField.tsx';
export { YesNoField } from './YesNoField.tsx';
export { SubmitButton } from './SubmitButton.tsx';
export { FieldError } from './FieldError.tsx';
export { RequiredMark } from './RequiredMark.tsx';
export { CheckList } from './CheckList.tsx';
