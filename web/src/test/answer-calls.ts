// Test support: fakes the coordination API client where calls leave the app. Each route is a pattern of the
// URL and a handler that gets the pattern's captures (converted by `toId`), the body (POST, PATCH) and the
// request's config; what it returns is the answer's data. A call no route matches fails the test, so a
// changed URL cannot pass unnoticed. Features' test-utils.ts describe their endpoints with it.
import { vi } from 'vitest';
// eslint-disable-next-line no-restricted-imports
import { coordinationApi } from '../lib/api-client.ts';

export type CallMethod = 'get' | 'post' | 'patch' | 'delete';
export type CallRoute<Id, Config> = [RegExp, (ids: Id[], body: never, config: Config) => Promise<unknown>];

export function answerCalls<Id, Config>(
  routes: Partial<Record<CallMethod, CallRoute<Id, Config>[]>>,
  toId: (capture: string) => Id,
) {
  const answer = (method: CallMethod) => async (url: string, bodyOrConfig?: unknown, config?: Config) => {
    const withBody = method === 'post' || method === 'patch';
    for (const [pattern, handle] of routes[method] ?? []) {
      const match = pattern.exec(url);
      if (!match) continue;
      const data = await handle(
        match.slice(1).map(toId),
        (withBody ? bodyOrConfig : undefined) as never,
        (withBody ? config : bodyOrConfig) as Config,
      );
      return { data };
    }
    throw new Error(`Unexpected call: ${method.toUpperCase()} ${url}`);
  };
  vi.spyOn(coordinationApi, 'get').mockImplementation(answer('get'));
  vi.spyOn(coordinationApi, 'post').mockImplementation(answer('post') as never);
  vi.spyOn(coordinationApi, 'patch').mockImplementation(answer('patch') as never);
  vi.spyOn(coordinationApi, 'delete').mockImplementation(answer('delete'));
}
