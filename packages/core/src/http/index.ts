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
}
