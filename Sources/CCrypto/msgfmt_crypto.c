#include "msgfmt_crypto.h"

#include <stdio.h>
#include <stdlib.h>
#include <openssl/evp.h>
#include <pthread.h>

#include "msgfmt_loader.h"

// libcrypto is opened on first use (see msgfmt_loader.h): a one-message render never
// needs it, and it is one of the largest libraries msgfmt uses.
#define MSGFMT_EVP_FUNCTIONS(X) \
    X(Digest) X(sha256) X(MD_CTX_new) X(MD_CTX_free) X(DigestInit_ex) X(DigestUpdate) X(DigestFinal_ex)
#define MSGFMT_EVP_FIELD(name) MSGFMT_LOADER_FIELD(EVP_, name)
#define MSGFMT_EVP_RESOLVE(name) MSGFMT_LOADER_RESOLVE(evp, EVP_, name, load_error)
static struct { MSGFMT_EVP_FUNCTIONS(MSGFMT_EVP_FIELD) } evp;
static char load_error[MSGFMT_LOADER_ERROR_SIZE];
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load(void) {
    MSGFMT_LOADER_OPEN(load_error, "libcrypto.so.3", "libcrypto.so", "libcrypto.3.dylib")
    MSGFMT_EVP_FUNCTIONS(MSGFMT_EVP_RESOLVE)
}

static void load_or_exit(void) {
    const char *reason = msgfmt_loader_once(&load_once, load, load_error);
    if (reason != NULL) {
        fprintf(stderr, "msgfmt: error: OpenSSL's libcrypto could not be loaded for SHA-256 digests: %s\n", reason);
        exit(70);
    }
}

static void fail(void) {
    fputs("msgfmt: error: OpenSSL's libcrypto could not compute a SHA-256 digest (check OPENSSL_CONF)\n", stderr);
    exit(70);
}

void msgfmt_crypto_sha256(const uint8_t *data, size_t length, uint8_t digest[32]) {
    static const uint8_t empty = 0;
    load_or_exit();
    unsigned int written = 0;
    const void *bytes = data != NULL ? (const void *)data : (const void *)&empty;
    if (evp.Digest(bytes, length, digest, &written, evp.sha256(), NULL) == 1 && written == 32) {
        return;
    }
    fail();
}

msgfmt_crypto_sha256_state *msgfmt_crypto_sha256_begin(void) {
    load_or_exit();
    EVP_MD_CTX *context = evp.MD_CTX_new();
    if (context == NULL || evp.DigestInit_ex(context, evp.sha256(), NULL) != 1) fail();
    return (msgfmt_crypto_sha256_state *)context;
}

void msgfmt_crypto_sha256_add(msgfmt_crypto_sha256_state *state, const uint8_t *data, size_t length) {
    if (length == 0) return;
    if (evp.DigestUpdate((EVP_MD_CTX *)state, data, length) != 1) fail();
}

void msgfmt_crypto_sha256_end(msgfmt_crypto_sha256_state *state, uint8_t digest[32]) {
    EVP_MD_CTX *context = (EVP_MD_CTX *)state;
    unsigned int written = 0;
    if (evp.DigestFinal_ex(context, digest, &written) != 1 || written != 32) fail();
    if (evp.DigestInit_ex(context, evp.sha256(), NULL) != 1) fail();
}

void msgfmt_crypto_sha256_free(msgfmt_crypto_sha256_state *state) {
    if (state != NULL) evp.MD_CTX_free((EVP_MD_CTX *)state);
}
