// Not a call of its own: what the hooks of one vulnerability take (a Vulnerability is one).

/** The vulnerability's id, and its case, whose vulnerability queries its changes refresh. */
export interface VulRef {
  id: number;
  case: number;
}
