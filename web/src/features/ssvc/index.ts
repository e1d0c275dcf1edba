// SSVC: the step-by-step decision form and the outcome badge; the decision logic lives in @cvdp/core.
export { SsvcStepForm, type SsvcStepFormProps } from './components/SsvcStepForm.tsx';
export { SsvcOutcomeBadge, ssvcOutcomeView } from './components/SsvcOutcomeBadge.tsx';
