#include "msgfmt_crypto.h"

#include <stdio.h>
#include <stdlib.h>
#include <openssl/evp.h>

void msgfmt_crypto_sha256(const uint8_t *data, size_t length, uint8_t digest[32]) {
    static const uint8_t empty = 0;
    unsigned int written = 0;
    const void *bytes = data != NULL ? (const void *)data : (const void *)&empty;
    if (EVP_Digest(bytes, length, digest, &written, EVP_sha256(), NULL) == 1 && written == 32) {
        return;
    }
    fputs("msgfmt: error: OpenSSL's libcrypto could not compute a SHA-256 digest (check OPENSSL_CONF)\n", stderr);
    exit(70);
}
