// Administration: pending registrations, group requests, users and groups.
export { adminRoutes } from './routes.tsx';
