// The one way a form of the app starts: react-hook-form checked by the zod schema the server applies
// (from @cvdp/core), so a message shows under its field before any call. `values` are what the fields
// hold (the schema's input); the submit handler gets what the schema outputs.
import { useForm, type DefaultValues, type FieldValues, type UseFormProps } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z, ZodType } from 'zod';

export function useZodForm<S extends ZodType<unknown, FieldValues>>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver' | 'defaultValues'> & {
    defaultValues: DefaultValues<z.input<S>>;
  },
) {
  return useForm<z.input<S>, unknown, z.output<S>>({
    ...options,
    resolver: zodResolver(schema as never) as never,
  });
}
