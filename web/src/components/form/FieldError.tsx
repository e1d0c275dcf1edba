/** The message under a field. `data-field-error` lets the form scroll to the first one. */
export function FieldError({ message, id }: { message?: string; id?: string }) {
  if (!message) return null;
  return (
    <div className="invalid-feedback d-block" data-field-error id={id}>
      {message}
    </div>
  );
}
