export { buildPlatform } from './platform.ts';
export { pageConfig, injectPageConfig } from './web-host.ts';
