#ifndef MSGFMT_CRYPTO_H
#define MSGFMT_CRYPTO_H

#include <stddef.h>
#include <stdint.h>

/* Digests for msgfmt through OpenSSL's libcrypto: the only code that includes OpenSSL's
 * headers. */

/* Writes the SHA-256 digest of data[0..<length] into digest[0..<32]. libcrypto only
 * fails here when its configuration is broken (an OPENSSL_CONF that loads no provider
 * with SHA-256) or cannot be loaded (it is opened on first use); msgfmt cannot write a
 * correct page then, so this reports it in one line on stderr and exits with status 70
 * instead of returning a wrong digest. */
void msgfmt_crypto_sha256(const uint8_t *data, size_t length, uint8_t digest[32]);

#endif
