// The parser lives beside the upstream client, which forwards the normalized header and keys its
// stored answers by it; the graph layer imports it from here.
export { type Credential, credentialOf } from './upstream/credential.ts';
