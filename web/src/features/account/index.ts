// The account page: groups, password, API tokens.
export { accountRoutes } from './routes.tsx';
