// The start page: a card for each screen the user's roles open.
export { homeRoutes } from './routes.tsx';
