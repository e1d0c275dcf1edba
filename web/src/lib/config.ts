// The page config (SPEC §1) comes from the hosting page as a JSON data block; local defaults otherwise.
export interface AppConfig {
  apiUrl: string;
  scoreApiUrl: string;
  logoutUrl: string;
  /** Seconds; null disables the session timeout guard. */
  inactivityTimeout: number | null;
  /** The largest upload the server accepts (CVDP_MAX_UPLOAD_BYTES), stated beside file inputs. */
  maxUploadBytes: number;
}

interface RawConfig {
  api_url?: string;
  score_api_url?: string;
  logout_url?: string;
  inactivity_timeout?: number | string | null;
  max_upload_bytes?: number | null;
}

/** The server's default upload limit (10 MB). */
export const DEFAULT_MAX_UPLOAD_BYTES = 10_485_760;

export const DEFAULT_CONFIG: AppConfig = {
  apiUrl: '/',
  scoreApiUrl: '/scoring/',
  logoutUrl: '/api/auth/logout/',
  inactivityTimeout: null,
  maxUploadBytes: DEFAULT_MAX_UPLOAD_BYTES,
};

export function parseConfig(raw: RawConfig | null | undefined): AppConfig {
  const timeout = raw?.inactivity_timeout == null ? null : Number(raw.inactivity_timeout);
  const maxUpload = raw?.max_upload_bytes;
  return {
    apiUrl: raw?.api_url || DEFAULT_CONFIG.apiUrl,
    scoreApiUrl: raw?.score_api_url || DEFAULT_CONFIG.scoreApiUrl,
    logoutUrl: raw?.logout_url || DEFAULT_CONFIG.logoutUrl,
    inactivityTimeout: timeout && Number.isFinite(timeout) && timeout > 0 ? timeout : null,
    maxUploadBytes:
      typeof maxUpload === 'number' && Number.isSafeInteger(maxUpload) && maxUpload > 0
        ? maxUpload
        : DEFAULT_MAX_UPLOAD_BYTES,
  };
}

export function readPageConfig(doc: Document = document): AppConfig {
  const el = doc.getElementById('cvdp-config');
  if (!el?.textContent) return DEFAULT_CONFIG;
  try {
    return parseConfig(JSON.parse(el.textContent) as RawConfig);
  } catch {
    return DEFAULT_CONFIG;
  }
}

export const appConfig: AppConfig = typeof document === 'undefined' ? DEFAULT_CONFIG : readPageConfig();
