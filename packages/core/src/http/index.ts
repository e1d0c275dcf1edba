// The API's error and list shapes, as both sides see them.
export interface ApiErrorBody {
  detail: string;
  errors?: Record<string, string[]>;
}

export interface PageOf<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
  /**
   * Set by lists whose exact count grows with the matches (word searches): true when there are more than
   * `count` matches and `count` is the cap ("1,000+"), false when `count` is exact.
   */
  count_capped?: boolean;
}
