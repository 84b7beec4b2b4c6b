#include "msgfmt_crypto.h"

#include <stdio.h>
#include <stdlib.h>
#include <openssl/evp.h>
#include <pthread.h>

#include "msgfmt_loader.h"

// libcrypto is opened on first use (see msgfmt_loader.h): a one-message render never
// needs it, and it is one of the largest libraries msgfmt uses.
#define MSGFMT_EVP_FUNCTIONS(X) X(Digest) X(sha256)
#define MSGFMT_EVP_FIELD(name) MSGFMT_LOADER_FIELD(EVP_, name)
#define MSGFMT_EVP_RESOLVE(name) MSGFMT_LOADER_RESOLVE(evp, EVP_, name, load_error)
static struct { MSGFMT_EVP_FUNCTIONS(MSGFMT_EVP_FIELD) } evp;
static char load_error[MSGFMT_LOADER_ERROR_SIZE];
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load(void) {
    MSGFMT_LOADER_OPEN(load_error, "libcrypto.so.3", "libcrypto.so", "libcrypto.3.dylib")
    MSGFMT_EVP_FUNCTIONS(MSGFMT_EVP_RESOLVE)
}

void msgfmt_crypto_sha256(const uint8_t *data, size_t length, uint8_t digest[32]) {
    static const uint8_t empty = 0;
    const char *reason = msgfmt_loader_once(&load_once, load, load_error);
    if (reason != NULL) {
        fprintf(stderr, "msgfmt: error: OpenSSL's libcrypto could not be loaded for the pages' SHA-256 digests: %s\n", reason);
        exit(70);
    }
    unsigned int written = 0;
    const void *bytes = data != NULL ? (const void *)data : (const void *)&empty;
    if (evp.Digest(bytes, length, digest, &written, evp.sha256(), NULL) == 1 && written == 32) {
        return;
    }
    fputs("msgfmt: error: OpenSSL's libcrypto could not compute a SHA-256 digest (check OPENSSL_CONF)\n", stderr);
    exit(70);
}
