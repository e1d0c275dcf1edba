// An id in the address (/cvdp/cases/{id}/): plain decimal digits within PostgreSQL's int4, as the server
// takes them. Anything else names nothing, so the page says "not found" without asking the server.
import { INT4_MAX } from '@cvdp/core';

const DECIMAL_ID = /^[1-9][0-9]{0,9}$/;

export function parseRouteId(param: string | undefined): number | null {
  if (!param || !DECIMAL_ID.test(param)) return null;
  const id = Number(param);
  return id <= INT4_MAX ? id : null;
}
