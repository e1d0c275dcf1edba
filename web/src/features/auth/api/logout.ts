// POST to the logout URL from the page config (SPEC §1), with an empty body. The layout's "Sign out" and
// the session timeout call it and then reload, so there is nothing to refresh.
import { coordinationApi } from '../../../lib/api-client.ts';

export const logout = (logoutUrl: string) => coordinationApi.post(logoutUrl, null);
