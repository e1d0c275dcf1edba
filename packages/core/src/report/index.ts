// Reports: the question wording (an API contract), the form's values and rules, and the conversions
// between form values and the stored question/answer list. Shared by the report form and the server.
export * from './questions.ts';
export * from './messages.ts';
export * from './form-values.ts';
export * from './form-schema.ts';
export * from './question-list.ts';
export * from './submitted-report-schema.ts';
