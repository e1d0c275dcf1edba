// Email templates (issue 14): the administrators' screen to list, write, preview and delete the templates
// notification emails are sent with — reached from the Administration menu, a lazy route.
export { emailTemplateRoutes } from './routes.tsx';
