// Administration: pending registrations, group requests, users and groups, webhooks.
export { adminRoutes } from './routes.tsx';
