// The administration catalogue (issue 14): resolutions, tags, vulnerability attributes and connections to
// other instances — admin screens reached from the Administration menu, each a lazy route.
export { catalogueRoutes } from './routes.tsx';
