// Who publishes the CSAF documents of this instance. Until CSAF profiles exist (the advisories issue brings
// them, with a configured publisher name, category, namespace and contact), the instance itself is the
// publisher: a coordinator named after its public address (CVDP_PUBLIC_URL), whose namespace is that
// address. Without a public address the namespace is a URN that names no host — valid, but a consumer
// cannot tell instances apart, so production sets CVDP_PUBLIC_URL.
import type { Config } from '@cvdp/server-kit';
import type { CsafPublisher } from './types.ts';

export const UNCONFIGURED_NAMESPACE = 'urn:cvdp:unconfigured-instance';

export function instancePublisher(config: Pick<Config, 'publicUrl'>): CsafPublisher {
  if (!config.publicUrl) {
    return { category: 'coordinator', name: 'CVDP', namespace: UNCONFIGURED_NAMESPACE };
  }
  return {
    category: 'coordinator',
    name: `CVDP (${new URL(config.publicUrl).host})`,
    namespace: config.publicUrl,
  };
}
