/** The asterisk after a required field's label; screen readers get aria-required instead. */
export function RequiredMark() {
  return (
    <span className="text-danger" aria-hidden="true">
      {' '}
      *
    </span>
  );
}
