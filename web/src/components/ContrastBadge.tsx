// A Bootstrap badge whose text always reaches WCAG AA (4.5:1) on its colour: white text on the dark
// backgrounds, dark text on the light ones (yellow warning, light-blue info, light), as Bootstrap advises.
import type { ReactNode } from 'react';
import { Badge } from 'react-bootstrap';

export type BadgeVariant =
  'primary' | 'secondary' | 'success' | 'danger' | 'warning' | 'info' | 'light' | 'dark';

const DARK_TEXT: ReadonlySet<string> = new Set(['warning', 'info', 'light']);

export const badgeTextColour = (bg: string): 'dark' | undefined => (DARK_TEXT.has(bg) ? 'dark' : undefined);

export function ContrastBadge({
  bg,
  title,
  children,
}: {
  bg: BadgeVariant;
  title?: string;
  children: ReactNode;
}) {
  return (
    <Badge bg={bg} text={badgeTextColour(bg)} title={title}>
      {children}
    </Badge>
  );
}
