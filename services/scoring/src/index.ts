export { scoringService } from './app.ts';
