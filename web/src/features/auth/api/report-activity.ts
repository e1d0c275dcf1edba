// GET /api/user/ as a keep-alive: any signed-in request slides the server-side session along; this is the
// cheapest one. Its answer is not used.
import { coordinationApi } from '../../../lib/api-client.ts';

export const reportActivity = () => coordinationApi.get('api/user/');
