/**
 * The product's built-in licence public key: base64 of a 32-byte Ed25519 public key. Licence tokens are
 * verified with it unless SVC_LICENSE_PUBLIC_KEY names another key.
 *
 * The matching secret key is held by the vendor's licence desk and is not in this repository.
 *
 * Note on this particular value: the key pair was generated once with `generateKeyPair()` during development;
 * only its public half was kept, and the secret half was discarded without being printed or stored. Until the
 * licence desk puts the public half of its own key pair here, no token verifies with the built-in key, and a
 * deployment that needs licences sets SVC_LICENSE_PUBLIC_KEY (`svc-license keygen` makes a pair).
 */
export const PRODUCT_LICENSE_PUBLIC_KEY = '7Zift6ZVJ05PwfGU5/7ckeKJwAYmtd5MM/2ClnhgHg0=';
