// `@cvdp/coordination/cve-services`: the CVE Services client, for other services (the scoring service's ADP
// send, PUT /cve/{id}/adp). Pure HTTP, no database. The local CVE Services that tests and demos use instead is
// a development tool: `@cvdp/coordination/local-cve-services` (tools/local-cve-services/).
export {
  apiUrlFor,
  CveServicesClient,
  CveServicesError,
  type CveClientOptions,
  type CveCredentials,
  type CveIdObject,
  type ReserveAnswer,
} from './client.ts';
export { validateCnaContainer, validateCveRecord, type SchemaError } from './schema/validate.ts';
