// What a field of a ZodForm needs from the form: its registration and its message (the form's own check
// or what the server said), found by context.
import { useFormContext, type FieldValues } from 'react-hook-form';

export function useField(name: string) {
  const form = useFormContext<FieldValues>();
  const state = form.getFieldState(name, form.formState);
  return { form, register: form.register(name), error: state.error?.message };
}
