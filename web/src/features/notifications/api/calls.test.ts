import { afterEach, describe, expect, it, vi } from 'vitest';
import { coordinationApi } from '../../../lib/api-client.ts';
import { fetchUnreadCount, markNotificationsRead } from './index.ts';

afterEach(() => vi.restoreAllMocks());

describe('notifications api', () => {
  it('reads the unread count from the smallest page of the unread ones', async () => {
    const get = vi.spyOn(coordinationApi, 'get').mockResolvedValue({
      data: { count: 4, next: null, previous: null, results: [], unread_count: 4 },
    });
    await expect(fetchUnreadCount()).resolves.toBe(4);
    expect(get).toHaveBeenCalledWith('api/case/notifications/', {
      params: { unread: 1, page: 1, page_size: 1 },
    });
  });

  it('marks all read with {all: true}', async () => {
    const post = vi
      .spyOn(coordinationApi, 'post')
      .mockResolvedValue({ data: { marked: 2, unread_count: 0 } });
    await expect(markNotificationsRead({ all: true })).resolves.toEqual({ marked: 2, unread_count: 0 });
    expect(post).toHaveBeenCalledWith('api/case/notifications/read/', { all: true });
  });
});
