export * from './address-policy.ts';
export * from './outbound-http.ts';
