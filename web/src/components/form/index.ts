// Form fields shared by every form of the app (react-hook-form + react-bootstrap); they know no feature.
export { FieldError } from './FieldError.tsx';
export { RequiredMark } from './RequiredMark.tsx';
export { TextField } from './TextField.tsx';
export { YesNoField } from './YesNoField.tsx';
