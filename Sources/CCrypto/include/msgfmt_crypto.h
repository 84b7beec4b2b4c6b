#ifndef MSGFMT_CRYPTO_H
#define MSGFMT_CRYPTO_H

#include <stddef.h>
#include <stdint.h>

/* Digests for msgfmt through Nettle (the only code that includes Nettle's headers), and
 * checksums through zlib. */

/* Writes the SHA-256 digest of data[0..<length] into digest[0..<32]. Nettle is opened on
 * first use; when it cannot be, msgfmt cannot write a correct page, so this reports it in
 * one line on stderr and exits with status 70 instead of returning a wrong digest. */
void msgfmt_crypto_sha256(const uint8_t *data, size_t length, uint8_t digest[32]);

/* A SHA-256 digest fed piece by piece (for many small messages without a context set up
 * for each): begin, add any number of times, end (which writes the digest and starts the
 * state over, so it can be used again), free. A Nettle that cannot be loaded exits as in
 * msgfmt_crypto_sha256. */
typedef struct msgfmt_crypto_sha256_state msgfmt_crypto_sha256_state;
msgfmt_crypto_sha256_state *msgfmt_crypto_sha256_begin(void);
void msgfmt_crypto_sha256_add(msgfmt_crypto_sha256_state *state, const uint8_t *data, size_t length);
void msgfmt_crypto_sha256_end(msgfmt_crypto_sha256_state *state, uint8_t digest[32]);
void msgfmt_crypto_sha256_free(msgfmt_crypto_sha256_state *state);

/* The CRC-32 (zlib's, as in gzip and PNG) of data[0..<length]: what the layout cache
 * checks an entry's bytes by, a damage check rather than a digest. zlib is opened on first
 * use; when it cannot be, this reports it in one line on stderr and exits with status 70,
 * as msgfmt_crypto_sha256 does. */
uint32_t msgfmt_crypto_crc32(const uint8_t *data, size_t length);

#endif
