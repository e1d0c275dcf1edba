// The embargo of a case (issue 25): its card in the case header (with its log), and how its end is shown.
export { EmbargoCard } from './components/EmbargoCard.tsx';
export { EndTime, countdown, daysUntil, localTime, publicIn, useNow, utcTime } from './embargo-time.tsx';
