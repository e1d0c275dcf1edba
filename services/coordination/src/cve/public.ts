// `@cvdp/coordination/cve-services`: the CVE Services client and the local CVE Services, for other services
// (the scoring service's ADP send, PUT /cve/{id}/adp) and their tests. Pure HTTP, no database.
export {
  apiUrlFor,
  CveServicesClient,
  CveServicesError,
  type CveClientOptions,
  type CveCredentials,
  type CveIdObject,
  type ReserveAnswer,
} from './client.ts';
export {
  DEFAULT_LOCAL_ORG,
  startLocalCveServices,
  type LocalCveServices,
  type LocalCveServicesOptions,
  type LocalOrg,
} from './local-cve-services/index.ts';
export { validateCnaContainer, validateCveRecord, type SchemaError } from './schema/validate.ts';
